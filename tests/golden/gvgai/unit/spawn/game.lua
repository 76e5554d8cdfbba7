-- game.txt: GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).

-- Sprites, in drawing order (later ones on top); a type nested in another comes after it.
sprite { "floor", "Immovable", hidden = true }
sprite { "avatar", "MovingAvatar" }
sprite { "grass", "Immovable" }
sprite { "crumb", "Immovable" }
sprite { "up", "Immovable" }
sprite { "down", "Immovable" }
sprite { "left", "Immovable" }
sprite { "right", "Immovable" }
sprite { "nest", "Immovable" }
sprite { "egg", "Immovable" }
sprite { "bug", "RandomNPC" }
sprite { "pod", "Immovable" }
sprite { "gem", "Immovable" }
  sprite { "ruby", parent = "gem" }
  sprite { "jade", parent = "gem" }
  sprite { "opal", parent = "gem" }
sprite { "coin", "Immovable" }
sprite { "gold", "Immovable" }
sprite { "lead", "Immovable" }
sprite { "rmis", "Missile", orientation = "RIGHT", speed = 0.5 }
sprite { "lmis", "Missile", orientation = "LEFT", speed = 0.5 }
sprite { "post", "Immovable" }
sprite { "hole", "Immovable" }
sprite { "block", "Immovable" }
sprite { "bell", "Immovable" }
sprite { "ding", "Immovable" }
sprite { "dong", "Immovable" }
sprite { "wall", "Immovable" }

game { square_size = 10 }

-- What each map character places in its cell.
map { ".", "floor" }
map { "w", "wall" }
map { "A", "floor", "avatar" }
map { ",", "floor", "grass" }
map { "k", "floor", "block" }
map { "n", "floor", "nest" }
map { "b", "floor", "bug" }
map { "p", "floor", "pod" }
map { "r", "floor", "ruby" }
map { "j", "floor", "jade" }
map { "c", "floor", "coin" }
map { ">", "floor", "rmis" }
map { "<", "floor", "lmis" }
map { "o", "floor", "post" }
map { "d", "floor", "bell" }
map { " " }  -- a space is an empty cell (as is any character not mapped)

-- What happens when two sprites meet, in the order GVGAI checks them.
interaction { "wall", "avatar", "spawnAbove", stype = "up", stepBack = true }
interaction { "wall", "avatar", "spawnRight", stype = "right", stepBack = true }
interaction { "avatar", { "wall", "block" }, "stepBack" }
interaction { "bug", { "wall", "block" }, "stepBack" }
interaction { "grass", "avatar", "spawnBehind", stype = "crumb" }
interaction { "block", "avatar", "spawnLeft", stype = "left" }
interaction { "block", "avatar", "spawnBelow", stype = "down", prob = 0.5 }
interaction { "nest", "bug", "spawn", stype = "egg", prob = 0.3, scoreChange = 1 }
interaction { "bug", "pod", "cloneSprite" }
interaction { "pod", "bug", "killSprite" }
interaction { "gem", "avatar", "transformToRandomChild", stype = "gem" }
interaction { "coin", "avatar", "transformIfCount", stype = "gold", stypeCount = "coin", geq = 3, estype = "lead", scoreChange = 2 }
interaction { "post", "avatar", "transformToSingleton", stype = "hole", stype_other = "post", takeOrientation = true }
interaction { "rmis", "wall", "transformTo", stype = "lmis" }
interaction { "lmis", "wall", "transformTo", stype = "rmis" }
interaction { "crumb", "bug", "killSprite", scoreChange = 5 }
interaction { "bell", "avatar", "spawnIfCounterSubTypes", stype = "ding", estype = "dong", stypeCount = "gem", limit = 2, subTypesNum = 1, scoreChange = 3 }

-- How the game ends: the first that holds decides.
termination { "SpriteCounterMore", stype = "crumb", limit = 12, win = true }
termination { "Timeout", limit = 40, win = false }
