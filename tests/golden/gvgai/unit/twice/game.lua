-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "wall", "Immovable" }
sprite { "rock", "Immovable" }
sprite { "stone", "Immovable" }
sprite { "pad", "Immovable" }
sprite { "hole", "Immovable" }

game { gvgai_maps = true, square_size = 10 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "A", "floor", "avatar" }
map { "r", "floor", "rock" }
map { "p", "floor", "pad", "hole" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "avatar", "wall", "stepBack" }
interaction { "avatar", "pad", "transformToAll", stype = "rock", stypeTo = "stone" }
interaction { "avatar", "hole", "transformToAll", stype = "rock", stypeTo = "stone" }
interaction { "stone", "avatar", "killSprite", scoreChange = 1 }

-- How the game ends: the first that holds decides.
termination { "SpriteCounter", stype = "avatar", limit = 0, win = false }
termination { "Timeout", limit = 80, win = true }
