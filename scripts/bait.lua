-- Bait, as in GVGAI (examples/gridphysics/bait.txt; originally
-- http://www.mobygames.com/game/bait).
--
-- Pick up the key, then walk through the door. Holes swallow the avatar;
-- push boxes into them to fill them (a point each). Mushrooms are worth a
-- point, the door five.

game { square_size = 50 }

-- Sprites, in drawing order: later ones are drawn on top.
sprite { "floor",    "Immovable", hidden = true, color = "BROWN" }
sprite { "hole",     "Immovable", color = "DARKBLUE" }
sprite { "avatar",   "MovingAvatar", color = "WHITE" }
sprite { "nokey",    parent = "avatar" }
sprite { "withkey",  parent = "avatar", color = "YELLOW", glyph = "B" }
sprite { "mushroom", "Immovable", color = "RED" }
sprite { "key",      "Passive", color = "ORANGE" }
sprite { "goal",     "Immovable", color = "GREEN" }
sprite { "box",      "Passive", color = "LIGHTGRAY" }
sprite { "wall",     "Immovable", color = "DARKGRAY" }

-- What each map character puts in its cell, top sprite first.
map { "A", "nokey", "floor" }
map { "0", "hole", "floor" }
map { "1", "box", "floor" }
map { "k", "key", "floor" }
map { "g", "goal", "floor" }
map { "m", "mushroom", "floor" }
map { ".", "floor" }
map { "w", "wall" }

-- What happens when two sprites meet, checked in this order every tick.
interaction { "avatar", "wall", "stepBack" }
interaction { "avatar", "hole", "killSprite" }
interaction { "box", "avatar", "bounceForward" }
interaction { "box", { "wall", "box", "mushroom" }, "undoAll" }
interaction { "box", "hole", "killBoth", scoreChange = 1 }
interaction { "nokey", "key", "transformTo", stype = "withkey" }
interaction { "key", "avatar", "killSprite" }
interaction { "nokey", "goal", "stepBack" }
interaction { "goal", "withkey", "killSprite", scoreChange = 5 }
interaction { "mushroom", "avatar", "killSprite", scoreChange = 1 }

-- How the game ends: the first that holds decides.
termination { "SpriteCounter", stype = "goal", limit = 0, win = true }
termination { "SpriteCounter", stype = "avatar", limit = 0, win = false }
