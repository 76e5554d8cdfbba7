-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "platforms", solid = true }
  sprite { "elevator", "Missile", parent = "platforms", orientation = "UP", speed = 0.1 }
  sprite { "ground", "Immovable", parent = "platforms" }
sprite { "moving", physicstype = "CONT", gravity = 1 }
  sprite { "avatar", "PlatformerAvatar", parent = "moving", mass = 1, friction = 0.1, jump_strength = 14 }
  sprite { "evil", parent = "moving", orientation = "LEFT", gravity = 0.5 }
    sprite { "goomba", "Walker", parent = "evil", friction = 0 }
    sprite { "jumper", "WalkerJumper", parent = "evil", mass = 1, friction = 0.1, jump_strength = 5, probability = 0 }
sprite { "coin", "Immovable" }
sprite { "wall", "Immovable" }

game { square_size = 20 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "g", "ground" }
map { "=", "elevator" }
map { "1", "floor", "goomba" }
map { "2", "floor", "jumper" }
map { "c", "floor", "coin" }
map { "A", "floor", "avatar" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "coin", "avatar", "killSprite", scoreChange = 1 }
interaction { "evil", "avatar", "killIfFromAbove", scoreChange = 3 }
interaction { "avatar", "evil", "killIfAlive" }
interaction { "evil", "EOS", "killSprite" }
interaction { "moving", "elevator", "pullWithIt" }
interaction { "evil", { "wall", "ground" }, "wallReverse" }
interaction { "elevator", "EOS", "wrapAround" }
interaction { "avatar", { "wall", "ground" }, "wallStop" }
interaction { "avatar", "EOS", "killSprite" }

-- How the game ends: the first that holds decides.
termination { "SpriteCounter", stype = "avatar", limit = 0, win = false }
termination { "Timeout", limit = 1000, win = true }
