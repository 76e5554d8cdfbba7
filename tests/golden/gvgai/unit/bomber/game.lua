-- The game of game.txt beside this file (GVGAI VGDL), as a Lua script.
game { square_size = 10 }
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "bomb", "Missile", orientation = "DOWN", speed = 0.5 }
sprite { "dart", "Missile", speed = 0.4 }
sprite { "rock", "Missile", orientation = "UP" }
sprite { "alien", "Bomber", stype = "bomb", prob = 0.3, cooldown = 3, speed = 0.8 }
sprite { "ufo", "Bomber", stype = "dart", prob = 0.5, cooldown = 2, speed = 0.3, orientation = "LEFT", total = 3 }
sprite { "turret", "RandomBomber", stype = "dart", prob = 0.4, cooldown = 3, speed = 0.5, rotateInPlace = true }
sprite { "tank", "RandomBomber", stype = "rock", prob = 0.2, cooldown = 2 }
sprite { "barrel", "BomberRandomMissile", stypeMissile = "bomb,dart,rock", cooldown = 4, prob = 0.6, total = 5 }
sprite { "multi", "SpawnPointMultiSprite", stypes = { "rock", "dart" }, cooldown = 5, timeToLive = 30 }
sprite { "portal", "SpawnPoint", stype = "alien", cooldown = 9, total = 3 }
sprite { "wall", "Immovable" }
map { ".", "floor" }
map { "w", "wall" }
map { "a", "floor", "alien" }
map { "u", "floor", "ufo" }
map { "t", "floor", "turret" }
map { "k", "floor", "tank" }
map { "b", "floor", "barrel" }
map { "m", "floor", "multi" }
map { "p", "floor", "portal" }
map { "A", "floor", "avatar" }
interaction { "avatar", "wall", "stepBack" }
for _, t in ipairs { "bomb", "dart", "rock" } do
  interaction { t, "wall", "killSprite" }
end
for _, t in ipairs { "alien", "ufo", "turret", "tank", "barrel" } do
  interaction { t, "wall", "stepBack" }
end
for _, t in ipairs { "bomb", "dart", "rock" } do
  interaction { t, "EOS", "killSprite" }
end
termination { "Timeout", limit = 1000, win = true }
