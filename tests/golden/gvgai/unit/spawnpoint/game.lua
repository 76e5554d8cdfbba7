-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "early", "RandomNPC", cooldown = 2 }
sprite { "arrow", "Missile" }
sprite { "one", "Missile", orientation = "LEFT", singleton = true }
sprite { "nest", "SpawnPoint" }
sprite { "fast", parent = "nest", stype = "early", cooldown = 3, total = 4 }
sprite { "slow", parent = "nest", stype = "late", prob = 0.3, cooldown = 2 }
sprite { "shooter", parent = "nest", stype = "arrow", spawnorientation = "DOWN", cooldown = 4, total = 3 }
sprite { "bowman", parent = "nest", stype = "arrow", cooldown = 5 }
sprite { "solo", parent = "nest", stype = "one", cooldown = 2 }
sprite { "pusher", parent = "nest", stype = "box", cooldown = 7, portal = true }
sprite { "late", "RandomNPC", speed = 0.5 }
sprite { "box", "Passive" }
sprite { "wall", "Immovable" }
map { ".", "floor" }
map { "w", "wall" }
map { "f", "floor", "fast" }
map { "s", "floor", "slow" }
map { "h", "floor", "shooter" }
map { "b", "floor", "bowman" }
map { "o", "floor", "solo" }
map { "p", "floor", "pusher" }
map { "A", "floor", "avatar" }
interaction { "avatar", "wall", "stepBack" }
interaction { "early", "wall", "stepBack" }
interaction { "late", "wall", "stepBack" }
interaction { "arrow", "wall", "killSprite" }
interaction { "one", "wall", "killSprite" }
interaction { "box", "avatar", "bounceForward" }
interaction { "box", "wall", "stepBack" }
interaction { "arrow", "EOS", "killSprite" }
termination { "Timeout", limit = 1000, win = true }
