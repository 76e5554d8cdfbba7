-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "shot", "Missile" }
sprite { "up", parent = "shot", orientation = "UP", speed = 0.5 }
sprite { "down", parent = "shot", orientation = "DOWN", speed = 0.3 }
sprite { "left", parent = "shot", orientation = "LEFT", cooldown = 2 }
sprite { "right", parent = "shot", orientation = "RIGHT", speed = 0.25, timeToLive = 5 }
sprite { "still", parent = "shot", speed = 0 }
sprite { "odd", "ErraticMissile", orientation = "LEFT", speed = 0.7 }
sprite { "box", "Passive" }
sprite { "drift", parent = "box", orientation = "DOWN", speed = 0.2, cooldown = 3 }
sprite { "gem", "Resource", parent = "box", orientation = "RIGHT", speed = 0.5 }
sprite { "mark", "Immovable", timeToLive = 7 }
sprite { "wall", "Immovable" }
map { ".", "floor" }
map { "w", "wall" }
map { "u", "floor", "up" }
map { "d", "floor", "down" }
map { "l", "floor", "left" }
map { "r", "floor", "right" }
map { "s", "floor", "still" }
map { "o", "floor", "odd" }
map { "b", "floor", "drift" }
map { "g", "floor", "gem" }
map { "m", "floor", "mark" }
map { "A", "floor", "avatar" }
interaction { "avatar", "wall", "stepBack" }
interaction { "shot", "wall", "killSprite" }
interaction { "odd", "wall", "killSprite" }
interaction { "box", "wall", "stepBack" }
interaction { "avatar", "box", "bounceForward" }
interaction { "shot", "EOS", "killSprite" }
interaction { "avatar", "EOS", "stepBack" }
termination { "Timeout", limit = 1000, win = true }
