-- cs188.lua -- Pacman with the rules of UC Berkeley's CS188 multi-agent
-- project (pacman.py, v1.004), played as several agents taking turns:
-- Pacman is agent 0, the ghosts are agents 1..n, ordered by their start
-- square as Berkeley orders them (x first, then y counted from the BOTTOM
-- row). Levels: levels/cs188/*.lay, Berkeley's layouts as they are
-- ('%' wall, '.' food, 'o' capsule, 'P' Pacman, 'G' ghost, ' ' empty).
--
-- The rules, move by move (docs/agents.md has the full story):
--   Pacman: moves one cell (or stops); eats the food there (+10; the last
--     food: +500 more and a win) or the capsule (every ghost is scared for
--     SCARED_TIME ghost moves); -1 for the move; then every ghost within
--     0.7 (Manhattan) collides with him.
--   a ghost: moves one cell, half a cell while scared (Berkeley's speed
--     0.5: a scared ghost stays between two cells every other move and can
--     then only go on the way it was going); its scared timer goes down by
--     one (back on the nearest cell when it runs out); then it collides
--     with Pacman if they are within 0.7.
--   a collision: a scared ghost is eaten (+200, back to its start, not
--     scared any more); otherwise Pacman is caught (-500, a loss).
--   legal moves in Berkeley's order West, Stop, East, North, South; ghosts
--     never stop and never reverse unless there is no other way.
--
-- Moves are named like actions ("LEFT" = West, "NIL" = Stop, "RIGHT" =
-- East, "UP" = North, "DOWN" = South), so vg_advance plays Pacman's action
-- and then the ghosts' policy. The ghosts move uniformly at random among
-- their legal moves (Berkeley's RandomGhost, its default); loaded under a
-- name containing "directional" (scripts/cs188_directional.lua is a link
-- to this file) they are Berkeley's DirectionalGhost: with probability 0.8
-- the moves that bring them closest to Pacman (farthest while scared),
-- else uniform over their legal moves.
--
-- evaluate(state) is a better evaluation than the score (maze distance to
-- the nearest food, ghost danger, scared ghosts within reach, capsules
-- left); the adversarial agents use it with --set eval=1, as Berkeley's
-- evalFn=better. The plain score is what Berkeley's numbers use.

local SCARED_TIME = 40
local COLLISION = 0.7
local MAX_GHOSTS = 4              -- Berkeley plays at most 4 ghosts (-k 4)

game { max_ticks = 2000 }         -- square_size 10: half a cell is 5 pixels

sprite { "floor",   "Immovable", hidden = true }
sprite { "wall",    "Immovable", color = "BLUE" }
sprite { "food",    "Immovable", color = "WHITE" }
sprite { "capsule", "Immovable", color = "PINK" }
sprite { "ghost",   "Passive",   color = "RED" }
sprite { "pacman",  "MovingAvatar", color = "YELLOW" }

map { "%", "wall" }
map { ".", "food" }
map { "o", "capsule" }
map { "P", "pacman" }
map { "G", "ghost" }
-- Empty cells are spaces, as in Berkeley's files. Until the engine maps
-- ' ', a loader may write them as '_' (see docs/agents.md).
if not pcall(map, { " ", "floor" }) then map { "_", "floor" } end

-- Eating is done by apply() below (in Berkeley's order); these rules say
-- the same thing and make food and capsules killable.
interaction { "food", "pacman", "killSprite" }
interaction { "capsule", "pacman", "killSprite" }

-- Which ghost policy: this file's own name decides (see above).
local function own_name()
    local _, msg = pcall(function() error("", 1) end)
    return tostring(msg)
end
variable { "directional", own_name():find("directional", 1, true) and 1 or 0 }

-- Per ghost (agent i = 1..4): scared timer, and the direction it last
-- moved in (an index into DIRS; Stop at the start and after being eaten).
local SCARED, HEADING = {}, {}
for i = 1, MAX_GHOSTS do
    SCARED[i], HEADING[i] = "scared" .. i, "heading" .. i
    variable { SCARED[i], 0 }
    variable { HEADING[i], 2 }
end

-- Berkeley's direction order; dy is down the map (North is up).
local DIRS = {
    { name = "LEFT",  dx = -1, dy = 0 },    -- West
    { name = "NIL",   dx = 0,  dy = 0 },    -- Stop
    { name = "RIGHT", dx = 1,  dy = 0 },    -- East
    { name = "UP",    dx = 0,  dy = -1 },   -- North
    { name = "DOWN",  dx = 0,  dy = 1 },    -- South
}
local STOP = 2
local REVERSE = { 3, 2, 1, 5, 4 }
local BY_NAME = {}
for k, d in ipairs(DIRS) do d.index = k; BY_NAME[d.name] = d end

-- ---- The level, read once from the start state --------------------------

local W, H                 -- map size
local WALL = {}            -- WALL[x + y*W] = true
local NG = 0               -- ghosts (agents 1..NG)
local SLOT = {}            -- SLOT[i]: ghost agent i is state:sprites("ghost")[SLOT[i]]
local START = {}           -- START[i] = { x, y }: ghost i's start square

-- Reads the walls and orders the ghosts. Sprites of one type are listed in
-- id order, which never changes (ghosts are moved, never killed), so a
-- ghost keeps its place in state:sprites("ghost") for the whole game.
local function read_level(s)
    if W then return end
    W, H = s:width(), s:height()
    for _, h in ipairs(s:sprites("wall")) do
        local x, y = s:pos(h)
        WALL[x + y * W] = true
    end
    local ghosts = {}
    for k, h in ipairs(s:sprites("ghost")) do
        local x, y = s:pos(h)
        ghosts[k] = { slot = k, x = x, y = y, by = H - 1 - y }   -- by: Berkeley's y
    end
    if #ghosts > MAX_GHOSTS then
        error(("%d ghosts; Berkeley plays at most %d"):format(#ghosts, MAX_GHOSTS))
    end
    table.sort(ghosts, function(a, b)
        if a.x ~= b.x then return a.x < b.x end
        return a.by < b.by
    end)
    NG = #ghosts
    for i, gh in ipairs(ghosts) do
        SLOT[i] = gh.slot
        START[i] = { gh.x, gh.y }
    end
end

local function ghost(s, i) return s:sprites("ghost")[SLOT[i]] end
local function manhattan(ax, ay, bx, by) return math.abs(ax - bx) + math.abs(ay - by) end
-- Berkeley's nearestPoint (halves round up in Berkeley's y, so down in ours).
local function nearest(x, y) return math.floor(x + 0.5), math.ceil(y - 0.5) end

-- ---- Legal moves ----------------------------------------------------------

local function pacman_legal(s)
    local x, y = s:pos(s:avatar())
    local out = {}
    for _, d in ipairs(DIRS) do
        if not WALL[(x + d.dx) + (y + d.dy) * W] then out[#out + 1] = d.name end
    end
    return out
end

local function ghost_legal(s, i)
    local x, y = s:pos(ghost(s, i))
    local heading = s:var(HEADING[i])
    local cx, cy = nearest(x, y)
    if math.abs(x - cx) + math.abs(y - cy) > 0.001 then   -- between two cells: go on
        return { DIRS[heading].name }
    end
    local out, back = {}, nil
    for k, d in ipairs(DIRS) do
        if k ~= STOP and not WALL[(cx + d.dx) + (cy + d.dy) * W] then
            out[#out + 1] = d.name
            if k == REVERSE[heading] then back = #out end
        end
    end
    if back and #out > 1 then table.remove(out, back) end
    return out
end

local function legal(s, i)
    if i == 0 then return pacman_legal(s) end
    return ghost_legal(s, i)
end

-- ---- Moves ----------------------------------------------------------------

-- Ghost i meets Pacman: returns the score change and whether Pacman is caught.
local function collide(s, i, g, won)
    if s:var(SCARED[i]) > 0 then
        s:set_pos(g, START[i][1], START[i][2])
        s:set_var(SCARED[i], 0)
        s:set_var(HEADING[i], STOP)
        return 200, false
    end
    if won then return 0, false end
    return -500, true
end

local function pacman_move(s, d)
    local pac = s:avatar()
    local x, y = s:pos(pac)
    x, y = x + d.dx, y + d.dy
    if d.index ~= STOP then s:set_pos(pac, x, y) end
    local change, won, caught = 0, false, false
    for _, h in ipairs(s:at(x, y)) do
        local t = s:type(h)
        if t == "food" then
            s:kill(h)
            change = change + 10
            if s:count("food") == 0 then change, won = change + 500, true end
        elseif t == "capsule" then
            s:kill(h)
            for i = 1, NG do s:set_var(SCARED[i], SCARED_TIME) end
        end
    end
    change = change - 1                                  -- time penalty
    local ghosts = s:sprites("ghost")
    for i = 1, NG do
        local g = ghosts[SLOT[i]]
        local gx, gy = s:pos(g)
        if manhattan(x, y, gx, gy) <= COLLISION then
            local c, lost = collide(s, i, g, won)
            change, caught = change + c, caught or lost
        end
    end
    return change, won, caught
end

local function ghost_move(s, i, d)
    local g = ghost(s, i)
    local timer = s:var(SCARED[i])
    local speed = timer > 0 and 0.5 or 1
    local x, y = s:pos(g)
    x, y = x + d.dx * speed, y + d.dy * speed
    s:set_var(HEADING[i], d.index)
    if timer == 1 then x, y = nearest(x, y) end          -- no longer scared: back on a cell
    s:set_var(SCARED[i], math.max(0, timer - 1))
    s:set_pos(g, x, y)
    local px, py = s:pos(s:avatar())
    if manhattan(x, y, px, py) <= COLLISION then
        local c, lost = collide(s, i, g, false)
        return c, false, lost
    end
    return 0, false, false
end

local function apply(s, i, move)
    local d = BY_NAME[move]
    local change, won, caught
    if i == 0 then change, won, caught = pacman_move(s, d)
    else change, won, caught = ghost_move(s, i, d) end
    if change ~= 0 then s:add_score(change) end
    if won then s:win() elseif caught then s:lose() end
end

-- ---- Ghost policies -------------------------------------------------------

-- Berkeley's DirectionalGhost: the best moves share 0.8, every legal move
-- 0.2 / n; drawn exactly with whole-number weights.
local function directional(s, i, moves)
    local x, y = s:pos(ghost(s, i))
    local px, py = s:pos(s:avatar())
    local scared = s:var(SCARED[i]) > 0
    local speed = scared and 0.5 or 1
    local dist, best = {}, nil
    for k, m in ipairs(moves) do
        local d = BY_NAME[m]
        dist[k] = manhattan(x + d.dx * speed, y + d.dy * speed, px, py)
        if not best or (scared and dist[k] > best) or (not scared and dist[k] < best) then best = dist[k] end
    end
    local n, nbest = #moves, 0
    for k = 1, n do if dist[k] == best then nbest = nbest + 1 end end
    local r = s:random(5 * n * nbest)
    for k = 1, n do
        r = r - nbest - (dist[k] == best and 4 * n or 0)
        if r <= 0 then return moves[k] end
    end
    return moves[n]
end

local function policy(s, i)
    local moves = ghost_legal(s, i)
    if s:var("directional") ~= 0 then return directional(s, i, moves) end
    return moves[s:random(#moves)]
end

turns {
    moves = { "LEFT", "NIL", "RIGHT", "UP", "DOWN" },
    agents = function(s) read_level(s); return 1 + NG end,
    legal = legal,
    apply = apply,
    policy = policy,
}

-- ---- Evaluation -----------------------------------------------------------

-- Maze distances from cell (x, y) to every open cell, computed on first
-- use and kept (they depend on the walls only).
local DIST = {}
local function distances(x, y)
    local from = x + y * W
    local d = DIST[from]
    if d then return d end
    d = { [from] = 0 }
    local queue, head = { from }, 1
    while queue[head] do
        local c = queue[head]
        head = head + 1
        for _, step in ipairs({ -1, 1, -W, W }) do
            local n = c + step
            if not WALL[n] and not d[n] then
                d[n] = d[c] + 1
                queue[#queue + 1] = n
            end
        end
    end
    DIST[from] = d
    return d
end

local CELL = {}            -- static sprite handle -> its cell (food, capsules)
local function cell_of(s, h)
    local c = CELL[h]
    if not c then
        local x, y = s:pos(h)
        c = x + y * W
        CELL[h] = c
    end
    return c
end

-- Higher is better for Pacman: the score, minus the maze distance to the
-- nearest food, minus 15 per capsule left, plus a pull towards scared
-- ghosts Pacman can reach in time, minus a push away from the others when
-- they are two cells away or less.
function evaluate(s)
    local v = s:score()
    local px, py = s:pos(s:avatar())
    local d = distances(px, py)
    local nearest_food
    for _, h in ipairs(s:sprites("food")) do
        local f = d[cell_of(s, h)]
        if f and (not nearest_food or f < nearest_food) then nearest_food = f end
    end
    if nearest_food then v = v - nearest_food end
    v = v - 15 * s:count("capsule")
    local ghosts = s:sprites("ghost")
    for i = 1, NG do
        local gx, gy = nearest(s:pos(ghosts[SLOT[i]]))
        local gd = d[gx + gy * W] or 1000
        local timer = s:var(SCARED[i])
        if timer > gd then
            v = v + 100 - 2 * gd
        elseif gd <= 1 then
            v = v - 300
        elseif gd == 2 then
            v = v - 50
        end
    end
    return v
end

heuristic = evaluate
