-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "gold", "Passive" }
sprite { "coin", parent = "gold" }
sprite { "gem", parent = "gold" }
sprite { "crate", "Passive" }
sprite { "post", "Passive" }
sprite { "ghost", "Immovable" }
sprite { "mouse", "RandomNPC" }
sprite { "trap", "Immovable" }
sprite { "seeker", "PathChaser", stype = "avatar", cooldown = 2 }
sprite { "digger", "PathChaser", stype = "gold" }
sprite { "idler", "PathChaser", stype = "ghost", cons = 2 }
sprite { "hound", "PathAltChaser", stype1 = "gem", stype2 = "coin", cooldown = 2 }
sprite { "rover", "PathAltChaser", stype1 = "post", stype2 = "gem", randomTarget = true }
sprite { "prowler", "RandomPathAltChaser", stype1 = "avatar", stype2 = "gem", epsilon = 0.3, cooldown = 3 }
sprite { "alt", "AlternateChaser", stype1 = "gem", stype2 = "avatar" }
sprite { "altp", "AlternateChaser", stype1 = "gold", stype2 = "avatar", cooldown = 2 }
sprite { "ralt", "RandomAltChaser", stype1 = "avatar", stype2 = "gem", epsilon = 0.5 }
sprite { "tracker", "PathAltChaser", stype1 = "mouse", stype2 = "gem" }
sprite { "wall", "Immovable" }
game { obs = { "wall", "crate" } }
map { ".", "floor" }
map { "w", "wall" }
map { "c", "floor", "coin" }
map { "g", "floor", "gem" }
map { "x", "floor", "crate" }
map { "o", "floor", "post" }
map { "k", "floor", "seeker" }
map { "s", "floor", "digger" }
map { "i", "floor", "idler" }
map { "h", "floor", "hound" }
map { "r", "floor", "rover" }
map { "p", "floor", "prowler" }
map { "a", "floor", "alt" }
map { "q", "floor", "altp" }
map { "z", "floor", "ralt" }
map { "A", "floor", "avatar" }
map { "d", "floor", "tracker" }
map { "m", "floor", "mouse" }
map { "t", "floor", "trap" }
for _, t in ipairs { "avatar", "seeker", "digger", "idler", "hound", "rover", "prowler", "alt", "altp", "ralt", "tracker", "mouse" } do
  interaction { t, "wall", "stepBack" }
end
interaction { "crate", "avatar", "killSprite" }
interaction { "gem", "avatar", "killSprite" }
interaction { "gem", "alt", "killSprite" }
interaction { "coin", "digger", "killSprite" }
interaction { "mouse", "trap", "killSprite" }
termination { "Timeout", limit = 1000, win = true }
