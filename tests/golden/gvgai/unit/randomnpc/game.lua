-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "npc", "RandomNPC" }
sprite { "plain", parent = "npc" }
sprite { "slow", parent = "npc", cons = 3, speed = 0.5 }
sprite { "lazy", parent = "npc", cooldown = 3, cons = 1 }
sprite { "drifter", parent = "npc", orientation = "LEFT", speed = 0.3 }
sprite { "turner", parent = "npc", orientation = "UP", rotateInPlace = true, cooldown = 2 }
sprite { "zero", parent = "npc", speed = 0 }
sprite { "wall", "Immovable" }
map { ".", "floor" }
map { "w", "wall" }
map { "p", "floor", "plain" }
map { "s", "floor", "slow" }
map { "l", "floor", "lazy" }
map { "d", "floor", "drifter" }
map { "t", "floor", "turner" }
map { "z", "floor", "zero" }
map { "A", "floor", "avatar" }
interaction { "avatar", "wall", "stepBack" }
interaction { "npc", "wall", "stepBack" }
interaction { "npc", "EOS", "stepBack" }
interaction { "avatar", "EOS", "stepBack" }
termination { "Timeout", limit = 1000, win = true }
