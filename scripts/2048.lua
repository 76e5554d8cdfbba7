-- 2048.lua -- the 2048 puzzle (gabrielecirulli/2048) on a 4 x 4 board.
--
-- Rules: the player (agent 0) moves every tile as far as it goes towards
-- one side, "LEFT", "RIGHT", "UP" or "DOWN"; two equal tiles that meet
-- merge into one of twice the value, once per move, the pair nearest the
-- wall first ("2 2 2 2" left gives "4 4 . .", "2 2 2 ." gives "4 2 . ."),
-- and the score grows by every merged tile's new value. Only moves that
-- change the board are legal. After each move the chance agent (agent 1)
-- puts a tile on an empty cell, every empty cell alike, a 2 with
-- probability 0.9 and a 4 with 0.1: its moves are named "2@a1" ... "4@d4"
-- (value @ column a-d, row 1-4 from the top) and listed by outcomes() with
-- those probabilities. The game ends when no move changes the board.
--
-- Start: the game starts with two random tiles. A board with fewer than
-- two tiles (levels/2048/lvl0.txt is empty) has one legal move for the
-- player, "NIL", which changes nothing, so the chance agent adds tiles
-- until there are two: two turns, as a spawn after a move. A map may also
-- give a position outright.
--
-- The goal: the variable "goal" (default 11) ends the game as a win
-- (s:win()) as soon as a tile of 2^goal (2048) appears; otherwise a game
-- that cannot go on is a loss (s:lose()). With goal 0 (vg_set_var) the
-- game goes on past 2048 and ends with no winner (s:draw()); the score is
-- then the result.
--
-- Tiles are sprites, one type per value: "t2" ... "t131072", placed on
-- the map by the digits '1' to '9' (2 to 512) and the letters 'a' to 'h'
-- (1024 to 131072), i.e. the tile's exponent in base 36; '.' is an empty
-- cell. The rules read a copy of the board kept in four variables, one
-- per row ("r0" top to "r3" bottom), 5 bits per cell (the exponent, 0:
-- empty), the leftmost cell in the lowest bits; the first turn builds it
-- from the sprites. Row moves come from tables filled as rows are met.

game { max_ticks = 60000 }

sprite { "cell", "Immovable", hidden = true }
sprite { "tile", "Immovable", dynamic = true }
local GLYPHS = "123456789abcdefgh"
local TILE = {}
local COLOURS = { "LIGHTGRAY", "LIGHTYELLOW", "ORANGE", "ORANGE", "RED", "RED", "YELLOW", "YELLOW", "GOLD",
                  "GOLD", "GOLD", "GREEN", "GREEN", "BLUE", "BLUE", "PURPLE", "PURPLE" }
for e = 1, #GLYPHS do
    TILE[e] = "t" .. math.tointeger(2 ^ e)
    sprite { TILE[e], parent = "tile", color = COLOURS[e], glyph = GLYPHS:sub(e, e) }
end
map { ".", "cell" }
for e = 1, #GLYPHS do map { GLYPHS:sub(e, e), TILE[e], "cell" } end

-- Engine workaround: states hold only 8 sprites more than the map places
-- unless some interaction may create sprites, and apply() creates them.
-- This rule never runs (no 'spare' sprite exists); it only says so.
sprite { "spare", "Immovable", hidden = true }
interaction { "spare", "spare", function() end }

variable { "r0", -1 }        -- -1: the board is not built yet
variable { "r1", 0 }
variable { "r2", 0 }
variable { "r3", 0 }
variable { "goal", 11 }

local ROW = { [0] = "r0", "r1", "r2", "r3" }

-- ---- Rows ------------------------------------------------------------------

-- A row as 4 exponents (cell 0 = the wall the tiles move towards) and back.
local function unpack_row(r) return r & 31, r >> 5 & 31, r >> 10 & 31, r >> 15 & 31 end
local function pack_row(a, b, c, d) return a | b << 5 | c << 10 | d << 15 end
local function reverse(r)
    local a, b, c, d = unpack_row(r)
    return pack_row(d, c, b, a)
end

-- Moving a row towards cell 0: the new row and the score gained.
local function slide(r)
    local cells = { unpack_row(r) }
    local out, n, score, i = { 0, 0, 0, 0 }, 0, 0, 1
    local tiles = {}
    for k = 1, 4 do
        if cells[k] ~= 0 then tiles[#tiles + 1] = cells[k] end
    end
    while i <= #tiles do
        n = n + 1
        if tiles[i + 1] == tiles[i] then
            out[n] = tiles[i] + 1
            score = score + (1 << (tiles[i] + 1))
            i = i + 2
        else
            out[n] = tiles[i]
            i = i + 1
        end
    end
    return pack_row(out[1], out[2], out[3], out[4]), score
end

local LROW, LSCORE, RROW, RSCORE = {}, {}, {}, {}
local function left(r)
    local m = LROW[r]
    if m then return m, LSCORE[r] end
    m, LSCORE[r] = slide(r)
    LROW[r] = m
    return m, LSCORE[r]
end
local function right(r)
    local m = RROW[r]
    if m then return m, RSCORE[r] end
    local v, sc = slide(reverse(r))
    m = reverse(v)
    RROW[r], RSCORE[r] = m, sc
    return m, sc
end

-- Columns: column c holds the cells of rows 0-3 (top first) in column c.
local function columns(a, b, c, d)
    return (a & 31) | (b & 31) << 5 | (c & 31) << 10 | (d & 31) << 15,
        (a >> 5 & 31) | (b >> 5 & 31) << 5 | (c >> 5 & 31) << 10 | (d >> 5 & 31) << 15,
        (a >> 10 & 31) | (b >> 10 & 31) << 5 | (c >> 10 & 31) << 10 | (d >> 10 & 31) << 15,
        (a >> 15 & 31) | (b >> 15 & 31) << 5 | (c >> 15 & 31) << 10 | (d >> 15 & 31) << 15
end
-- (the same transposition turns columns back into rows)

local TILES, TOP = {}, {}       -- tiles in a row; its highest exponent
local function count(r)
    local n = TILES[r]
    if n then return n end
    local a, b, c, d = unpack_row(r)
    n = (a > 0 and 1 or 0) + (b > 0 and 1 or 0) + (c > 0 and 1 or 0) + (d > 0 and 1 or 0)
    TILES[r] = n
    TOP[r] = math.max(a, b, c, d)
    return n
end
local function top(r)
    if not TOP[r] then count(r) end
    return TOP[r]
end

-- ---- The board ------------------------------------------------------------

local EXPONENT = {}
for e = 1, #GLYPHS do EXPONENT[TILE[e]] = e end

local function from_sprites(s)
    local r = { [0] = 0, 0, 0, 0 }
    for _, t in ipairs(s:sprites("tile")) do
        local x, y = s:pos(t)
        r[y] = r[y] | EXPONENT[s:type(t)] << (5 * x)
    end
    return r[0], r[1], r[2], r[3]
end

local function rows(s)
    local a = s:var("r0")
    if a < 0 then return from_sprites(s) end
    return a, s:var("r1"), s:var("r2"), s:var("r3")
end

-- Which moves change the board: bit 1 LEFT, 2 RIGHT, 4 UP, 8 DOWN.
local function changing(a, b, c, d)
    local m = 0
    if left(a) ~= a or left(b) ~= b or left(c) ~= c or left(d) ~= d then m = m | 1 end
    if right(a) ~= a or right(b) ~= b or right(c) ~= c or right(d) ~= d then m = m | 2 end
    local p, q, u, v = columns(a, b, c, d)
    if left(p) ~= p or left(q) ~= q or left(u) ~= u or left(v) ~= v then m = m | 4 end
    if right(p) ~= p or right(q) ~= q or right(u) ~= u or right(v) ~= v then m = m | 8 end
    return m
end

local LEGAL = {}
for m = 0, 15 do
    local t = {}
    for k, name in ipairs({ "LEFT", "RIGHT", "UP", "DOWN" }) do
        if m >> (k - 1) & 1 == 1 then t[#t + 1] = name end
    end
    LEGAL[m] = t
end
local START = { "NIL" }

-- The chance agent's moves: "2@a1" ... "4@d4"; cell k = 4 * row + column.
local CELLNAME, SPAWN = {}, {}
local CHANCE_MOVES = {}
for k = 0, 15 do
    CELLNAME[k] = string.char(97 + k % 4) .. tostring(k // 4 + 1)
    for _, e in ipairs({ 1, 2 }) do
        local name = math.tointeger(2 ^ e) .. "@" .. CELLNAME[k]
        SPAWN[name] = { k, e }
        CHANCE_MOVES[#CHANCE_MOVES + 1] = name
    end
end

-- Outcome lists by the set of empty cells (bit k: cell k empty).
local OUTCOMES = {}
local function outcomes_of(empty)
    local t = OUTCOMES[empty]
    if t then return t end
    t = {}
    for k = 0, 15 do
        if empty >> k & 1 == 1 then
            t[#t + 1] = { "2@" .. CELLNAME[k], 0.9 }
            t[#t + 1] = { "4@" .. CELLNAME[k], 0.1 }
        end
    end
    OUTCOMES[empty] = t
    return t
end

local function empties(a, b, c, d)
    local e = 0
    for y, r in ipairs({ a, b, c, d }) do
        for x = 0, 3 do
            if r >> (5 * x) & 31 == 0 then e = e | 1 << (4 * (y - 1) + x) end
        end
    end
    return e
end

local function legal(s, i)
    local a, b, c, d = rows(s)
    if count(a) + count(b) + count(c) + count(d) < 2 then return START end
    return LEGAL[changing(a, b, c, d)]
end

local function outcomes(s, i)
    return outcomes_of(empties(rows(s)))
end

-- Makes the sprites of row y match 'new' (they match 'old').
local function show_row(s, y, old, new)
    for x = 0, 3 do
        local e0, e1 = old >> (5 * x) & 31, new >> (5 * x) & 31
        if e0 ~= e1 then
            if e0 == 0 then
                s:spawn(TILE[e1], x, y)
            else
                local here = s:at(x, y)
                if e1 == 0 then s:kill(here[#here]) else s:transform(here[#here], TILE[e1]) end
            end
        end
    end
end

local function apply(s, i, move)
    local a = s:var("r0")
    local b, c, d
    local built = a >= 0
    if built then b, c, d = s:var("r1"), s:var("r2"), s:var("r3") else a, b, c, d = from_sprites(s) end
    local old = { [0] = a, b, c, d }
    local new
    if i == 1 then                              -- a tile appears
        local spawn = SPAWN[move]
        local y = spawn[1] // 4
        new = { [0] = a, b, c, d }
        new[y] = new[y] | spawn[2] << (5 * (spawn[1] % 4))
        s:spawn(TILE[spawn[2]], spawn[1] % 4, y)
    elseif move == "NIL" then
        new = old
    else
        local gained, s1, s2, s3, s4 = 0, 0, 0, 0, 0
        if move == "LEFT" then
            a, s1 = left(a); b, s2 = left(b); c, s3 = left(c); d, s4 = left(d)
        elseif move == "RIGHT" then
            a, s1 = right(a); b, s2 = right(b); c, s3 = right(c); d, s4 = right(d)
        else
            local p, q, u, v = columns(a, b, c, d)
            local f = move == "UP" and left or right
            p, s1 = f(p); q, s2 = f(q); u, s3 = f(u); v, s4 = f(v)
            a, b, c, d = columns(p, q, u, v)
        end
        gained = s1 + s2 + s3 + s4
        new = { [0] = a, b, c, d }
        for y = 0, 3 do
            if new[y] ~= old[y] then show_row(s, y, old[y], new[y]) end
        end
        if gained > 0 then
            s:add_score(gained)
            local goal = s:var("goal")
            if goal > 0 and math.max(top(a), top(b), top(c), top(d)) >= goal then s:win() end
        end
    end
    for y = 0, 3 do
        if new[y] ~= old[y] or not built then s:set_var(ROW[y], new[y]) end
    end
    if i == 1 then
        local n = count(new[0]) + count(new[1]) + count(new[2]) + count(new[3])
        if n >= 2 and changing(new[0], new[1], new[2], new[3]) == 0 then
            if s:var("goal") > 0 then s:lose() else s:draw() end
        end
    end
end

turns {
    moves = { "LEFT", "RIGHT", "UP", "DOWN", "NIL", table.unpack(CHANCE_MOVES) },
    agents = 2,
    chance = { 1 },
    legal = legal,
    apply = apply,
    outcomes = outcomes,
}

-- ---- Evaluation ------------------------------------------------------------

-- Per line (a row, or a column read from the top or left): empty cells,
-- possible merges, monotonicity and the tiles' sizes, weighted as in
-- nneonneo/2048-ai (its heur_score_table): 200000 + 270 empty + 700 merges
-- - 47 * min(left, right) monotonicity (rank^4 steps) - 11 * sum rank^3.5.
local HEUR = {}
local function heur(r)
    local h = HEUR[r]
    if h then return h end
    local line = { unpack_row(r) }
    local sum, empty, merges, prev, counter = 0, 0, 0, 0, 0
    for i = 1, 4 do
        local rank = line[i]
        sum = sum + rank ^ 3.5
        if rank == 0 then
            empty = empty + 1
        else
            if prev == rank then
                counter = counter + 1
            elseif counter > 0 then
                merges = merges + 1 + counter
                counter = 0
            end
            prev = rank
        end
    end
    if counter > 0 then merges = merges + 1 + counter end
    local ml, mr = 0, 0
    for i = 2, 4 do
        if line[i - 1] > line[i] then
            ml = ml + line[i - 1] ^ 4 - line[i] ^ 4
        else
            mr = mr + line[i] ^ 4 - line[i - 1] ^ 4
        end
    end
    h = 200000 + 270 * empty + 700 * merges - 47 * math.min(ml, mr) - 11 * sum
    HEUR[r] = h
    return h
end

-- evaluate(state), for the player: the sum of heur() over the 4 rows and
-- the 4 columns; 10^7 once the goal tile is on the board; 0 when no move
-- is left (a lost game).
function evaluate(s)
    local a, b, c, d = rows(s)
    local goal = s:var("goal")
    if goal > 0 and math.max(top(a), top(b), top(c), top(d)) >= goal then return 1e7 end
    if count(a) + count(b) + count(c) + count(d) >= 2 and changing(a, b, c, d) == 0 then return 0 end
    local p, q, u, v = columns(a, b, c, d)
    return heur(a) + heur(b) + heur(c) + heur(d) + heur(p) + heur(q) + heur(u) + heur(v)
end
