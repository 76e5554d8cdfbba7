-- Pacman, as in GVGAI (examples/gridphysics/pacman.txt).
--
-- Eat every pellet, power pill and fruit. Ghosts spawn from their nests
-- and chase Pacman; a power pill turns them into fleeing, edible ghosts
-- for 200 ticks. Pacman moves half a cell a tick and wraps around at the
-- edge of the screen.

game { square_size = 20 }

sprite { "floor", "Immovable", color = "BLACK" }

sprite { "food", "Immovable" }
sprite { "fruit",  parent = "food", color = "PINK", glyph = "f" }
sprite { "pellet", parent = "food", color = "LIGHTYELLOW" }
sprite { "power",  "Resource", parent = "food", color = "LIGHTGREEN", glyph = "0" }

sprite { "nest", "SpawnPoint", hidden = true, portal = true }
sprite { "redspawn",    parent = "nest", stype = "redOk" }
sprite { "orangespawn", parent = "nest", stype = "orangeOk" }
sprite { "bluespawn",   parent = "nest", stype = "blueOk" }
sprite { "pinkspawn",   parent = "nest", stype = "pinkOk" }

sprite { "moving" }
sprite { "ghost", parent = "moving" }
local glyphs = { red = "R", blue = "B", pink = "K", orange = "O" }
for _, name in ipairs { "red", "blue", "pink", "orange" } do
  sprite { name, parent = "ghost", singleton = true }
  sprite { name .. "Ok", "RandomPathAltChaser", parent = name, stype1 = "hungry", stype2 = "powered",
           cooldown = 4, cons = 4, color = string.upper(name), glyph = glyphs[name] }
  sprite { name .. "Sc", "Fleeing", parent = name, stype = "pacman", maxDistance = 500,
           cooldown = 2, color = "BLUE", glyph = "s" }
end

sprite { "pacman", "OrientedAvatar", parent = "moving", rotateInPlace = false, speed = 0.5 }
sprite { "hungry",  parent = "pacman", color = "YELLOW", glyph = "A" }
sprite { "powered", parent = "pacman", color = "ORANGE", glyph = "P" }

sprite { "wall", "Immovable", color = "DARKBLUE" }

-- The ghosts' path finder goes around walls (GVGAI's obs).
game { obs = "wall" }

map { "+", "floor" }
map { "0", "floor", "power" }
map { ".", "floor", "pellet" }
map { "A", "floor", "hungry" }
map { "1", "floor", "redspawn" }
map { "2", "floor", "orangespawn" }
map { "3", "floor", "bluespawn" }
map { "4", "floor", "pinkspawn" }
map { "f", "floor", "fruit" }
map { "w", "floor", "wall" }

interaction { "moving", "wall", "stepBack" }
interaction { "pacman", "EOS", "wrapAround" }
interaction { "ghost", { "EOS", "ghost" }, "stepBack" }

interaction { "power", "hungry", "killSprite" }
interaction { "hungry", "ghost", "killSprite", scoreChange = -1 }

interaction { "power", "pacman", "killSprite", scoreChange = 10 }
interaction { "pellet", "pacman", "killSprite", scoreChange = 1 }
interaction { "fruit", "pacman", "killSprite", scoreChange = 5 }

for _, name in ipairs { "red", "pink", "blue", "orange" } do
  interaction { "hungry", "power", "transformToAll", stype = name .. "Ok", stypeTo = name .. "Sc" }
end
for _, name in ipairs { "red", "pink", "blue", "orange" } do
  interaction { "hungry", "power", "addTimer", timer = 200, ftype = "transformToAll",
                stype = name .. "Sc", stypeTo = name .. "Ok", killSecond = true }
end
interaction { "hungry", "power", "addTimer", timer = 200, ftype = "transformToAll", stype = "powered", stypeTo = "hungry" }
interaction { "hungry", "power", "transformTo", stype = "powered" }

interaction { "ghost", "powered", "killSprite", scoreChange = 40 }

termination { "SpriteCounter", stype = "food", win = true }
termination { "SpriteCounter", stype = "pacman", win = false }
