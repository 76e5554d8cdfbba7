-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "ShootOnlyAvatar", stype = "arrow" }
sprite { "arrow", "Missile", speed = 0.5 }
sprite { "rock", "Immovable" }
sprite { "wall", "Immovable" }

game { square_size = 10 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "r", "floor", "rock" }
map { "A", "floor", "avatar" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "arrow", "wall", "killSprite" }
interaction { "rock", "arrow", "killSprite", scoreChange = 1 }
interaction { "arrow", "rock", "killSprite" }
interaction { "arrow", "EOS", "killSprite" }

-- How the game ends: the first that holds decides.
termination { "Timeout", limit = 1000, win = true }
