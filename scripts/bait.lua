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

-- What agents maximise (vg_heuristic): the coursework's Bait heuristic.
-- The score, minus the Manhattan distance still to walk -- avatar to key to
-- door, or avatar to door once the key is held -- minus 50 while a box
-- covers the key, and a large penalty when the game can no longer be won:
-- the avatar is dead, or the key is lost. The key itself never disappears
-- unless the avatar takes it, so "lost" means its cell can never be
-- entered again: a box sits on it wedged against walls on both axes (it can
-- never be pushed off).
local function has(s, x, y, type)
    for _, h in ipairs(s:at(x, y)) do
        if s:is(h, type) then return true end
    end
    return false
end

local function dist(ax, ay, bx, by) return math.abs(ax - bx) + math.abs(ay - by) end

function heuristic(s)
    local av = s:avatar()
    if not av then return s:score() - 1000 end
    local goals = s:sprites("goal")
    if #goals == 0 then return s:score() end
    local ax, ay = s:pos(av)
    local gx, gy = s:pos(goals[1])
    if s:is(av, "withkey") then return s:score() - dist(ax, ay, gx, gy) end
    local keys = s:sprites("key")
    if #keys == 0 then return s:score() - 1000 end
    local kx, ky = s:pos(keys[1])
    local h = s:score() - dist(ax, ay, kx, ky) - dist(kx, ky, gx, gy)
    if has(s, kx, ky, "box") then
        local wedged = (has(s, kx - 1, ky, "wall") or has(s, kx + 1, ky, "wall")) and
                       (has(s, kx, ky - 1, "wall") or has(s, kx, ky + 1, "wall"))
        h = h - (wedged and 1000 or 50)
    end
    return h
end
