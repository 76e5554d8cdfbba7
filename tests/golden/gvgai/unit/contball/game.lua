-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "FlakAvatar", stype = "ballStart", physicstype = "CONT", wMult = 3, friction = 0.2, mass = 0.2 }
sprite { "balls", "Missile", orientation = "UP", speed = 9, physicstype = "CONT", singleton = true }
  sprite { "ballStart", parent = "balls" }
  sprite { "ball", parent = "balls" }
sprite { "brick", "Passive" }
  sprite { "long", parent = "brick", wMult = 2 }
  sprite { "short", parent = "brick" }
sprite { "rock", "Missile", physicstype = "CONT", orientation = "RIGHT", speed = 4, gravity = 0.5, friction = 0.05 }
sprite { "wall", "Immovable" }

game { square_size = 20 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "l", "floor", "long" }
map { "s", "floor", "short" }
map { "r", "floor", "rock" }
map { "o", "floor", "ball" }
map { "A", "floor", "avatar" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "ballStart", { "brick", "wall" }, "transformToAll", stype = "ballStart", stypeTo = "ball" }
interaction { "brick", "balls", "killSprite", scoreChange = 2 }
interaction { "ball", "avatar", "bounceDirection" }
interaction { "balls", "wall", "wallBounce" }
interaction { "balls", "brick", "wallBounce" }
interaction { "avatar", "wall", "wallStop" }
interaction { "rock", { "wall", "brick" }, "wallReverse" }
interaction { "rock", "avatar", "wallBounce" }
interaction { "balls", "EOS", "killSprite" }

-- How the game ends: the first that holds decides.
termination { "SpriteCounter", stype = "brick", limit = 0, win = true }
termination { "Timeout", limit = 1000, win = false }
