-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "ash", "Flicker", limit = 3 }
sprite { "spark", "Flicker" }
sprite { "glow", "Flicker", limit = 0 }
sprite { "beam", "OrientedFlicker", orientation = "RIGHT", speed = 0.5, limit = 4 }
sprite { "fire", "Spreader", stype = "ash", spreadprob = 0.5 }
sprite { "blaze", "Spreader", stype = "spark", limit = 2 }
sprite { "quick", "Flicker", limit = 6, timeToLive = 2 }
sprite { "seed", "SpawnPoint", stype = "fire", cooldown = 6, prob = 0.5 }
sprite { "rnd", "RandomMissile", speed = 0.5 }
sprite { "thrower", "SpawnPoint", stype = "rnd", cooldown = 5 }
sprite { "wall", "Immovable" }
map { ".", "floor" }
map { "w", "wall" }
map { "a", "floor", "ash" }
map { "s", "floor", "spark" }
map { "g", "floor", "glow" }
map { "b", "floor", "beam" }
map { "f", "floor", "fire" }
map { "z", "floor", "blaze" }
map { "q", "floor", "quick" }
map { "e", "floor", "seed" }
map { "r", "floor", "rnd" }
map { "t", "floor", "thrower" }
map { "A", "floor", "avatar" }
interaction { "avatar", "wall", "stepBack" }
interaction { "rnd", "wall", "killSprite" }
interaction { "ash", "wall", "killSprite" }
interaction { "spark", "wall", "killSprite" }
interaction { "rnd", "EOS", "killSprite" }
termination { "Timeout", limit = 1000, win = true }
