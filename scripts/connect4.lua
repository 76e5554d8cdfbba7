-- connect4.lua -- Connect Four: 7 columns x 6 rows, two players taking
-- turns, a disc dropped in a column falls to the lowest empty cell; four
-- in a row (across, up or diagonally) wins; a full board is a draw.
--
-- Agents: agent 0 moves first from the level's position and plays the
-- 'X' discs (red), agent 1 the 'O' discs (yellow). Maps show any
-- position ('.' empty); whoever moves first in the map is agent 0 and its
-- discs are written 'X', so a position with the second player to move is
-- written with the colours swapped. levels/connect4/lvl0.txt is the empty
-- board; `vgdl ... --moves 4453` replays columns from a level.
--
-- Moves are the columns "1" (left) to "7" (right); legal() lists the
-- columns that are not full, centre first (4 3 5 2 6 1 7), the order the
-- search agents try them in.
--
-- Result and score, from agent 0's view: a win is s:win(), a loss
-- s:lose(), a full board s:draw(). The score stays 0 during play and is
-- set when the game ends to Pascal Pons' value: a win by the disc that is
-- ply p of the game, counted from the empty board (p = discs on the board
-- after it), is worth (44 - p) // 2 (22 - the winner's discs), a loss the
-- opposite, a draw 0. So the exact value of a position for agent 0 is the
-- score at the end of perfect play (agents/exact.c, 'solve').
--
-- The discs are sprites (the map and vg_render_text show them, and
-- vg_state_hash sees them); the rules read a copy of the board kept in
-- variables as bitboards (Pons' layout: bit 7*column + row, row 0 at the
-- bottom, one spare bit on top of each column), which the first move
-- builds from the sprites.

game { max_ticks = 100 }

sprite { "cell", "Immovable", hidden = true, color = "BLUE" }
sprite { "disc", "Immovable", dynamic = true }
sprite { "X", parent = "disc", color = "RED", glyph = "X" }
sprite { "O", parent = "disc", color = "YELLOW", glyph = "O" }

map { ".", "cell" }
map { "X", "X", "cell" }
map { "O", "O", "cell" }

-- Engine workaround: states hold only 8 sprites more than the map places
-- unless some interaction may create sprites, and apply() creates them.
-- This rule never runs (no 'spare' sprite exists); it only says so.
sprite { "spare", "Immovable", hidden = true }
interaction { "spare", "spare", function() end }

local W, H = 7, 6

-- "h": 3 bits per column, the discs in it (-1: not built yet);
-- "x0", "x1" and "o0", "o1": the X and O bitboards, columns 0-3 and 4-6.
variable { "h", -1 }
variable { "x0", 0 }
variable { "x1", 0 }
variable { "o0", 0 }
variable { "o1", 0 }

local LO = { [0] = "x0", [1] = "o0" }
local HI = { [0] = "x1", [1] = "o1" }
local TYPE = { [0] = "X", [1] = "O" }
local LOW28 = (1 << 28) - 1

local NAMES, COLUMN = {}, {}
for c = 0, W - 1 do
    NAMES[c] = tostring(c + 1)
    COLUMN[NAMES[c]] = c
end
local ORDER = { 3, 2, 4, 1, 5, 0, 6 }

-- Legal move lists, one per set of full columns (bit c: column c full).
local LEGAL = {}
for full = 0, (1 << W) - 1 do
    local t = {}
    for _, c in ipairs(ORDER) do
        if full >> c & 1 == 0 then t[#t + 1] = NAMES[c] end
    end
    LEGAL[full] = t
end

local BOTTOM, BOARD = 0, 0
for c = 0, W - 1 do
    BOTTOM = BOTTOM | 1 << (7 * c)
    BOARD = BOARD | ((1 << H) - 1) << (7 * c)
end

-- The board from the sprites: heights, X and O bitboards.
local function from_sprites(s)
    local h, b = 0, { [0] = 0, [1] = 0 }
    local top = {}
    for k = 0, 1 do
        for _, d in ipairs(s:sprites(TYPE[k])) do
            local c, y = s:pos(d)
            local row = H - 1 - y
            b[k] = b[k] | 1 << (7 * c + row)
            if (top[c] or 0) < row + 1 then top[c] = row + 1 end
        end
    end
    for c = 0, W - 1 do h = h | (top[c] or 0) << (3 * c) end
    return h, b[0], b[1]
end

local function board(s, k)
    return s:var(LO[k]) | s:var(HI[k]) << 28
end

local function four(b)
    local m = b & (b >> 1)
    if m & (m >> 2) ~= 0 then return true end
    m = b & (b >> 7)
    if m & (m >> 14) ~= 0 then return true end
    m = b & (b >> 6)
    if m & (m >> 12) ~= 0 then return true end
    m = b & (b >> 8)
    if m & (m >> 16) ~= 0 then return true end
    return false
end

local function discs(h)
    local n = 0
    for c = 0, W - 1 do n = n + (h >> (3 * c) & 7) end
    return n
end

local function full_columns(h)
    local full = 0
    for c = 0, W - 1 do
        if h >> (3 * c) & 7 == H then full = full | 1 << c end
    end
    return full
end

local FULL = 0
for c = 0, W - 1 do FULL = FULL | H << (3 * c) end

local function legal(s, i)
    local h = s:var("h")
    if h < 0 then h = from_sprites(s) end
    return LEGAL[full_columns(h)]
end

local function apply(s, i, move)
    local c = COLUMN[move]
    local h = s:var("h")
    local b
    if h < 0 then                                   -- the first move: build the copy
        local x, o
        h, x, o = from_sprites(s)
        s:set_var("x0", x & LOW28); s:set_var("x1", x >> 28)
        s:set_var("o0", o & LOW28); s:set_var("o1", o >> 28)
        b = i == 0 and x or o
    else
        b = board(s, i)
    end
    local row = h >> (3 * c) & 7
    b = b | 1 << (7 * c + row)
    h = h + (1 << (3 * c))
    s:set_var(LO[i], b & LOW28)
    s:set_var(HI[i], b >> 28)
    s:set_var("h", h)
    s:spawn(TYPE[i], c, H - 1 - row)
    if four(b) then
        local v = (44 - discs(h)) // 2
        if i == 0 then s:add_score(v); s:win() else s:add_score(-v); s:lose() end
    elseif h == FULL then
        s:draw()
    end
end

turns {
    moves = { "1", "2", "3", "4", "5", "6", "7" },
    agents = 2,
    legal = legal,
    apply = apply,
}

-- ---- Evaluation --------------------------------------------------------

-- Empty cells that would complete four for the side with discs 'p'
-- (Pons' compute_winning_position).
local function threats(p, mask)
    local r = (p << 1) & (p << 2) & (p << 3)
    local q = (p << 7) & (p << 14)
    r = r | (q & (p << 21)) | (q & (p >> 7))
    q = (p >> 7) & (p >> 14)
    r = r | (q & (p >> 21)) | (q & (p << 7))
    q = (p << 6) & (p << 12)
    r = r | (q & (p << 18)) | (q & (p >> 6))
    q = (p >> 6) & (p >> 12)
    r = r | (q & (p >> 18)) | (q & (p << 6))
    q = (p << 8) & (p << 16)
    r = r | (q & (p << 24)) | (q & (p >> 8))
    q = (p >> 8) & (p >> 16)
    r = r | (q & (p >> 24)) | (q & (p << 8))
    return r & (BOARD ~ mask)
end

local POP8 = {}
for b = 0, 255 do
    local n, x = 0, b
    while x ~= 0 do x = x & (x - 1); n = n + 1 end
    POP8[b] = n
end
local function popcount(x)
    return POP8[x & 255] + POP8[x >> 8 & 255] + POP8[x >> 16 & 255] + POP8[x >> 24 & 255]
        + POP8[x >> 32 & 255] + POP8[x >> 40 & 255] + POP8[x >> 48 & 255]
end

local CENTRE = ((1 << H) - 1) << 21

-- evaluate(state), from agent 0's view: a finished game is worth 100 times
-- its score (a win by the k-th disc: 100 * (22 - k)); otherwise 8 points
-- per threat (an empty cell that would complete four), 16 if it is in
-- reach (the cell below is filled), and 1 per disc in the centre column,
-- each counted for agent 0 and against agent 1.
function evaluate(s)
    local score = s:score()
    if score ~= 0 then return 100 * score end
    local h = s:var("h")
    local x, o
    if h < 0 then h, x, o = from_sprites(s) else x, o = board(s, 0), board(s, 1) end
    if h == FULL then return 0 end
    local mask = x | o
    local reach = (mask << 1 | BOTTOM) & BOARD & ~mask
    local tx, to = threats(x, mask), threats(o, mask)
    return 8 * (popcount(tx) - popcount(to)) + 8 * (popcount(tx & reach) - popcount(to & reach))
        + popcount(x & CENTRE) - popcount(o & CENTRE)
end
