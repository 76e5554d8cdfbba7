-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "lmis", "Missile", orientation = "LEFT" }
sprite { "rmis", "Missile", orientation = "RIGHT", speed = 0.5 }
sprite { "rock", "Missile", orientation = "DOWN", speed = 0.5 }
sprite { "bug", "RandomNPC", cons = 2 }
sprite { "post", "Immovable" }
sprite { "spike", "Immovable" }
sprite { "guard", "Immovable" }
sprite { "gate", "Immovable" }
sprite { "key", "Immovable" }
sprite { "bank", "Immovable" }
sprite { "wall", "Immovable" }

game { square_size = 10 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "A", "floor", "avatar" }
map { "l", "floor", "lmis" }
map { "r", "floor", "rmis" }
map { "o", "floor", "rock" }
map { "b", "floor", "bug" }
map { "p", "floor", "post" }
map { "s", "floor", "spike" }
map { "x", "floor", "guard", "spike" }
map { "g", "floor", "gate" }
map { "k", "floor", "key" }
map { "$", "floor", "bank" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "avatar", { "wall", "gate" }, "stepBack" }
interaction { "bug", { "wall", "gate" }, "stepBack" }
interaction { "lmis", "wall", "transformTo", stype = "rmis" }
interaction { "rmis", "wall", "transformTo", stype = "lmis" }
interaction { "rock", "wall", "killSprite" }
interaction { "lmis", "rmis", "killIfFrontal", scoreChange = 1 }
interaction { "rmis", "lmis", "killIfNotFrontal", scoreChange = 10 }
interaction { "bug", "rock", "killIfFromAbove", scoreChange = 100 }
interaction { "rock", "bug", "killIfAlive" }
interaction { "post", "lmis", "killIfNotFrontal", scoreChange = 1000 }
interaction { "bug", { "lmis", "rmis" }, "killIfFrontal", scoreChange = 3 }
interaction { "avatar", "guard", "shieldFrom", ftype = "killSprite", stype = "spike" }
interaction { "avatar", "spike", "killSprite", scoreChange = -7 }
interaction { "avatar", "key", "killAll", stype = "gate", scoreChange = 5 }
interaction { "key", "avatar", "killSprite" }
interaction { "avatar", "bank", "removeScore", killSecond = true, scoreChange = 2 }

-- How the game ends: the first that holds decides.
termination { "SpriteCounter", stype = "avatar", limit = 0, win = false }
termination { "MultiSpriteCounter", stype1 = "lmis", stype2 = "rmis", limit = 0, win = true }
termination { "Timeout", limit = 50, win = false }
