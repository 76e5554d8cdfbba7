-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "bug", "RandomNPC", cooldown = 2 }
sprite { "wall", "Immovable" }

game { gvgai_maps = true, square_size = 10 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "b", "floor", "bug" }
map { "A", "floor", "avatar" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "avatar", { "wall", "bug" }, "stepBack" }
interaction { "bug", { "wall", "avatar" }, "stepBack" }

-- How the game ends: the first that holds decides.
termination { "SpriteCounter", stype = "avatar", limit = 0, win = false }
