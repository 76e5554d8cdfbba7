-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "gold", "Passive" }
sprite { "coin", parent = "gold" }
sprite { "gem", parent = "gold" }
sprite { "walker", "RandomNPC", cons = 2 }
sprite { "hunter", "Chaser", stype = "gold", cooldown = 2 }
sprite { "wolf", "Chaser", stype = "avatar", speed = 0.5 }
sprite { "sheep", "Fleeing", stype = "wolf", maxDistance = 40 }
sprite { "coward", "Fleeing", stype = "avatar", cons = 2 }
sprite { "stalker", "Chaser", stype = "walker" }
sprite { "eye", "LOSChaser", stype = "avatar" }
sprite { "wall", "Immovable" }
map { ".", "floor" }
map { "w", "wall" }
map { "c", "floor", "coin" }
map { "g", "floor", "gem" }
map { "k", "floor", "walker" }
map { "h", "floor", "hunter" }
map { "f", "floor", "wolf" }
map { "s", "floor", "sheep" }
map { "o", "floor", "coward" }
map { "t", "floor", "stalker" }
map { "e", "floor", "eye" }
map { "A", "floor", "avatar" }
for _, t in ipairs { "avatar", "walker", "hunter", "wolf", "sheep", "coward", "stalker", "eye" } do
  interaction { t, "wall", "stepBack" }
end
interaction { "gold", "hunter", "killSprite" }
termination { "Timeout", limit = 1000, win = true }
