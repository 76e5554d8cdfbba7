-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "avatar", "MovingAvatar" }
sprite { "coin", "Immovable" }
sprite { "nest", "SpawnPoint", stype = "blob", cooldown = 1 }
sprite { "blob", "Immovable" }
sprite { "wall", "Immovable" }
map { "w", "wall" }
map { "c", "coin" }
map { "n", "nest" }
map { "A", "avatar" }
interaction { "avatar", "wall", "stepBack" }
interaction { "coin", "avatar", "killSprite" }
termination { "Timeout", limit = 1000, win = true }
