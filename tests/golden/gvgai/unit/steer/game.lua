-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "pad", "Passive", is_static = true }
sprite { "inertial", physicstype = "CONT", friction = 0.05 }
  sprite { "avatar", "SpaceshipAvatar", parent = "inertial", stype = "bullet", angle_diff = 0.4, speed = 2 }
  sprite { "drone", "RandomNPC", parent = "inertial", cons = 3, speed = 2 }
sprite { "bullet", "Missile", physicstype = "CONT", speed = 8, singleton = true }
sprite { "rock", "Immovable" }
sprite { "wall", "Immovable" }

game { square_size = 20 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "p", "floor", "pad" }
map { "d", "floor", "drone" }
map { "r", "floor", "rock" }
map { "A", "floor", "avatar" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "inertial", "wall", "wallStop" }
interaction { "bullet", "wall", "killSprite" }
interaction { "rock", "bullet", "killSprite", scoreChange = 1 }
interaction { "bullet", "rock", "killSprite" }
interaction { "drone", "bullet", "killSprite", scoreChange = 2 }
interaction { "pad", "avatar", "killIfSlow", limspeed = 3, scoreChange = 5 }
interaction { "avatar", "rock", "killSprite" }
interaction { "bullet", "EOS", "killSprite" }

-- How the game ends: the first that holds decides.
termination { "SpriteCounter", stype = "avatar", limit = 0, win = false }
termination { "Timeout", limit = 1000, win = true }
