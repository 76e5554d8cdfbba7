-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "entry", "Portal", stype = "exit" }
sprite { "exit", "Immovable" }
sprite { "avatar", "ShootAvatar", stype = "shot" }
sprite { "shot", "Missile", speed = 0.5 }
sprite { "wall", "Immovable" }

game { gvgai_maps = true, square_size = 10 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "e", "floor", "entry" }
map { "A", "floor", "avatar" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "avatar", { "wall", "exit" }, "stepBack" }
interaction { "avatar", "entry", "teleportToExit" }
interaction { "shot", "entry", "teleportToExit" }
interaction { "shot", "exit", "attractGaze" }
interaction { "shot", "EOS", "killSprite" }
interaction { "wall", "shot", "transformToSingleton", stype = "exit", stype_other = "wall", takeOrientation = true }
interaction { "shot", "wall", "killSprite" }

-- How the game ends: the first that holds decides.
termination { "Timeout", limit = 1000, win = true }
