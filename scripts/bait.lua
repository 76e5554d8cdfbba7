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

-- What agents maximise (vg_heuristic), higher is better: the coursework's
-- Bait heuristic made aware of holes. It is the score minus the walking
-- cost still ahead -- avatar to key to door, or avatar to door once the key
-- is held -- where a step is 1 and a step into a hole costs HOLE more (a
-- box has to be pushed in first), minus, for each hole on that cheapest
-- way to the key, the distance from the nearest box to it (boxes pushed
-- towards the holes the avatar must cross count as progress), minus 50
-- while a box covers the key. The game can no longer be won when the
-- avatar is dead or the key is lost: the key never disappears unless the
-- avatar takes it, so "lost" means its cell can never be entered again --
-- a box sits on it wedged against walls on both axes. Those states get
-- -1000.
local HOLE = 8
local W, H, walls, nbrs   -- the walls never change: read them once
local cache, cached = {}, 0

local function init(s)
    W, H = s:width(), s:height()
    walls, nbrs = {}, {}
    for _, h in ipairs(s:sprites("wall")) do
        local x, y = s:pos(h)
        walls[y * W + x] = true
    end
    for y = 0, H - 1 do
        for x = 0, W - 1 do
            local c, l = y * W + x, {}
            if not walls[c] then
                if x > 0 and not walls[c - 1] then l[#l + 1] = c - 1 end
                if x < W - 1 and not walls[c + 1] then l[#l + 1] = c + 1 end
                if y > 0 and not walls[c - W] then l[#l + 1] = c - W end
                if y < H - 1 and not walls[c + W] then l[#l + 1] = c + W end
            end
            nbrs[c] = l
        end
    end
end

-- dist[c]: the cheapest walk from cell c to 'target', entering a cell
-- costing 1 and a hole 1 + HOLE (Dijkstra with a bucket per cost).
local function distmap(holes, target)
    local dist, buckets, top, last = {[target] = 0}, {[0] = {target}}, 0, 0
    while top <= last do
        local b = buckets[top]
        if b then
            for i = 1, #b do
                local c = b[i]
                if dist[c] == top then
                    local nd = top + 1 + (holes[c] and HOLE or 0)
                    for _, n in ipairs(nbrs[c]) do
                        local dn = dist[n]
                        if not dn or nd < dn then
                            dist[n] = nd
                            local bb = buckets[nd]
                            if not bb then bb = {}; buckets[nd] = bb end
                            bb[#bb + 1] = n
                            if nd > last then last = nd end
                        end
                    end
                end
            end
        end
        top = top + 1
    end
    return dist
end

-- The maps to the key and to the door for this set of holes, cached.
local function maps(s, kc, gc)
    local holes, sig, n = {}, kc * 7919 + gc, 0
    for _, h in ipairs(s:sprites("hole")) do
        local x, y = s:pos(h)
        local c = y * W + x
        holes[c] = true
        sig = (sig + (c + 1) * (c + 131) * 2654435761) % 9007199254740881
        n = n + 1
    end
    sig = sig * 64 + n % 64
    local m = cache[sig]
    if not m then
        if cached > 256 then cache, cached = {}, 0 end
        m = {holes = holes, key = distmap(holes, kc), door = distmap(holes, gc)}
        cache[sig], cached = m, cached + 1
    end
    return m
end

local function has(s, x, y, type)
    for _, h in ipairs(s:at(x, y)) do
        if s:is(h, type) then return true end
    end
    return false
end

-- 50 while a box covers the key, 1000 when it is wedged there for good.
local function cover(s, kx, ky, kc)
    if not has(s, kx, ky, "box") then return 0 end
    return ((walls[kc - 1] or walls[kc + 1]) and (walls[kc - W] or walls[kc + W])) and 1000 or 50
end

function heuristic(s)
    if not walls then init(s) end
    local av = s:avatar()
    if not av then return s:score() - 1000 end
    local goals = s:sprites("goal")
    if #goals == 0 then return s:score() end
    local ax, ay = s:pos(av)
    local gx, gy = s:pos(goals[1])
    local a, gc = ay * W + ax, gy * W + gx
    local keys = s:sprites("key")
    local withkey = s:is(av, "withkey")
    if #keys == 0 and not withkey then return s:score() - 1000 end
    local kx, ky = gx, gy
    if #keys > 0 then kx, ky = s:pos(keys[1]) end
    local kc = ky * W + kx
    local m = maps(s, kc, gc)
    if withkey then return s:score() - (m.door[a] or 1000) end
    local d1, d2 = m.key[a], m.door[kc]
    if not d1 or not d2 then return s:score() - 1000 end
    -- holes on the cheapest way to the key, nearest the avatar first
    local c, on = a, {}
    while c ~= kc do
        local best, bn = nil, nil
        for _, n in ipairs(nbrs[c]) do
            local dn = m.key[n]
            if dn and (not best or dn + (m.holes[n] and HOLE or 0) < best) then
                best, bn = dn + (m.holes[n] and HOLE or 0), n
            end
        end
        if not bn then break end
        c = bn
        if m.holes[c] then on[#on + 1] = c end
    end
    if #on == 0 then return s:score() - d1 - d2 - cover(s, kx, ky, kc) end
    -- a box must go into each: walk to the nearest one for the first hole
    -- and push it there; for the others count how far their nearest box is
    local boxes = {}
    for _, b in ipairs(s:sprites("box")) do
        local x, y = s:pos(b)
        boxes[#boxes + 1] = {x, y}
    end
    local h = s:score() - m.key[on[1]] - d2
    for i, hc in ipairs(on) do
        local hx, hy, near = hc % W, hc // W, nil
        for _, b in ipairs(boxes) do
            local d = math.abs(b[1] - hx) + math.abs(b[2] - hy)
            if i == 1 then d = d + math.abs(b[1] - ax) + math.abs(b[2] - ay) end
            if not near or d < near then near = d end
        end
        h = h - (near or HOLE)
    end
    return h - cover(s, kx, ky, kc)
end

-- No bound(state): the engine derives Bait's from these rules (engine/bound.c:
-- the walk to a key, then to every goal, frozen boxes as walls), as strong
-- as the one this script used to define, and faster.
