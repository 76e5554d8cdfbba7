-- othello.lua -- Othello (Reversi) on 8 x 8: a move puts a disc on an
-- empty square so that it brackets, in at least one of the 8 directions,
-- an unbroken line of the opponent's discs, which all flip. A side with
-- no such move must pass; the game ends when neither side can move.
--
-- Agents: agent 0 moves first from the level's position and plays the
-- 'X' discs (black), agent 1 the 'O' discs (white). levels/othello/
-- lvl0.txt is the standard start (d4 = e5 = O, d5 = e4 = X, X to move);
-- a position with white to move is written with the colours swapped.
-- Squares are named a1 (top left) to h8 (bottom right): the letter is the
-- column, the digit the row from the top, as in the usual diagrams and in
-- the FForum files.
--
-- Moves: the squares, and "pass", which is agent's only legal move when
-- it has no other but the opponent has one (a pass is a turn, as in Aart
-- Bik's perft). The four centre squares are not moves: the engine allows
-- 64 move names and they are never empty in a game from the standard
-- start, so a map with one of them empty cannot be played there.
-- legal() lists corners first, then the other edge squares, the inner
-- squares, and the squares next to corners last (a good order for the
-- search agents).
--
-- Score, from agent 0's view: the disc difference (X - O) during play;
-- when the game ends, the empty squares go to the winner. The result is
-- s:win() when X has more discs, s:lose() when fewer, s:draw() else.
--
-- The discs are sprites (a flip transforms one); the rules read a copy of
-- the board kept in variables as two 64-bit bitboards (bit 8 * row +
-- column, a1 = bit 0), each split into two 32-bit variables, which the
-- first move builds from the sprites.

game { max_ticks = 200 }

sprite { "square", "Immovable", hidden = true, color = "DARKGREEN" }
sprite { "disc", "Immovable", dynamic = true }
sprite { "X", parent = "disc", color = "BLACK", glyph = "X" }
sprite { "O", parent = "disc", color = "WHITE", glyph = "O" }

map { ".", "square" }
map { "X", "X", "square" }
map { "O", "O", "square" }

-- Engine workaround: states hold only 8 sprites more than the map places
-- unless some interaction may create sprites, and apply() creates them.
-- This rule never runs (no 'spare' sprite exists); it only says so.
sprite { "spare", "Immovable", hidden = true }
interaction { "spare", "spare", function() end }

-- "x0", "x1": X's discs (bits 0-31, 32-63); "o0", "o1": O's; "m0", "m1":
-- the legal squares of the agent to move (0 with a pass or at the end).
-- All board words 0: not built yet (a position always has discs).
variable { "x0", 0 }
variable { "x1", 0 }
variable { "o0", 0 }
variable { "o1", 0 }
variable { "m0", 0 }
variable { "m1", 0 }

local TYPE = { [0] = "X", [1] = "O" }
local V0 = { [0] = "x0", [1] = "o0" }
local V1 = { [0] = "x1", [1] = "o1" }

local NOT_A = 0xFEFEFEFEFEFEFEFE     -- every column but a
local NOT_H = 0x7F7F7F7F7F7F7F7F     -- every column but h
local INNER = NOT_A & NOT_H
local CORNERS = 1 | 1 << 7 | 1 << 56 | 1 << 63
local CENTRE = 1 << 27 | 1 << 28 | 1 << 35 | 1 << 36

-- Square names; BITNAME maps a square's bit (1 << square) to its name.
local NAME, BITNAME, BITSQ, SQUARE = {}, {}, {}, {}
local MOVES = {}
for sq = 0, 63 do
    local name = string.char(97 + sq % 8) .. tostring(sq // 8 + 1)
    NAME[sq] = name
    BITNAME[1 << sq] = name
    BITSQ[1 << sq] = sq
    SQUARE[name] = sq
    if (1 << sq) & CENTRE == 0 then MOVES[#MOVES + 1] = name end
end
MOVES[#MOVES + 1] = "pass"

-- Move order classes: corners, edges (not next to a corner), inner
-- squares (not next to a corner), then the squares next to corners.
local NEXT_TO_CORNER = 0
for _, c in ipairs({ { 0, 0 }, { 7, 0 }, { 0, 7 }, { 7, 7 } }) do
    for dy = -1, 1 do
        for dx = -1, 1 do
            local x, y = c[1] + dx, c[2] + dy
            if (dx ~= 0 or dy ~= 0) and x >= 0 and x < 8 and y >= 0 and y < 8 then
                NEXT_TO_CORNER = NEXT_TO_CORNER | 1 << (8 * y + x)
            end
        end
    end
end
local EDGES = ~INNER | 0xFF | 0xFF << 56
local C1 = CORNERS
local C2 = EDGES & ~CORNERS & ~NEXT_TO_CORNER
local C3 = ~EDGES & ~NEXT_TO_CORNER
local C4 = NEXT_TO_CORNER

-- ---- Bitboards ------------------------------------------------------------

local POP8 = {}
for b = 0, 255 do
    local n, x = 0, b
    while x ~= 0 do x = x & (x - 1); n = n + 1 end
    POP8[b] = n
end
local function popcount(x)
    return POP8[x & 255] + POP8[x >> 8 & 255] + POP8[x >> 16 & 255] + POP8[x >> 24 & 255]
        + POP8[x >> 32 & 255] + POP8[x >> 40 & 255] + POP8[x >> 48 & 255] + POP8[x >> 56]
end

-- Occluded fills (Kogge-Stone): g spread over the squares of p, d squares
-- at a time, towards higher bits (fill_up) or lower ones (fill_down).
local function fill_up(g, p, d)
    g = g | (p & (g << d)); p = p & (p << d)
    g = g | (p & (g << 2 * d)); p = p & (p << 2 * d)
    return g | (p & (g << 4 * d))
end
local function fill_down(g, p, d)
    g = g | (p & (g >> d)); p = p & (p >> d)
    g = g | (p & (g >> 2 * d)); p = p & (p >> 2 * d)
    return g | (p & (g >> 4 * d))
end

-- The squares where the side with discs P (opponent O) can move: past a
-- run of O's discs that starts next to one of P's, in each direction.
-- Runs across the board (not up or down) use only O's discs off the a
-- and h columns, so no run wraps round the edge.
local function moves(P, O)
    local h = O & INNER
    local m = ((fill_up(P, h, 1) & ~P) << 1) | ((fill_down(P, h, 1) & ~P) >> 1)
        | ((fill_up(P, O, 8) & ~P) << 8) | ((fill_down(P, O, 8) & ~P) >> 8)
        | ((fill_up(P, h, 9) & ~P) << 9) | ((fill_down(P, h, 9) & ~P) >> 9)
        | ((fill_up(P, h, 7) & ~P) << 7) | ((fill_down(P, h, 7) & ~P) >> 7)
    return m & ~(P | O)
end

-- The discs a move on bit 'm' flips.
local function flips(P, O, m)
    local f, t, x = 0, 0, 0
    t = 0; x = (m << 1) & NOT_A
    while x & O ~= 0 do t = t | x; x = (x << 1) & NOT_A end
    if x & P ~= 0 then f = f | t end
    t = 0; x = (m >> 1) & NOT_H
    while x & O ~= 0 do t = t | x; x = (x >> 1) & NOT_H end
    if x & P ~= 0 then f = f | t end
    t = 0; x = m << 8
    while x & O ~= 0 do t = t | x; x = x << 8 end
    if x & P ~= 0 then f = f | t end
    t = 0; x = m >> 8
    while x & O ~= 0 do t = t | x; x = x >> 8 end
    if x & P ~= 0 then f = f | t end
    t = 0; x = (m << 9) & NOT_A
    while x & O ~= 0 do t = t | x; x = (x << 9) & NOT_A end
    if x & P ~= 0 then f = f | t end
    t = 0; x = (m >> 9) & NOT_H
    while x & O ~= 0 do t = t | x; x = (x >> 9) & NOT_H end
    if x & P ~= 0 then f = f | t end
    t = 0; x = (m << 7) & NOT_H
    while x & O ~= 0 do t = t | x; x = (x << 7) & NOT_H end
    if x & P ~= 0 then f = f | t end
    t = 0; x = (m >> 7) & NOT_A
    while x & O ~= 0 do t = t | x; x = (x >> 7) & NOT_A end
    if x & P ~= 0 then f = f | t end
    return f
end

-- ---- The board ------------------------------------------------------------

local function from_sprites(s)
    local b = { [0] = 0, [1] = 0 }
    for k = 0, 1 do
        for _, d in ipairs(s:sprites(TYPE[k])) do
            local x, y = s:pos(d)
            b[k] = b[k] | 1 << (8 * y + x)
        end
    end
    return b[0], b[1]
end

-- X's and O's discs.
local function board(s)
    local x0, x1, o0, o1 = s:var("x0"), s:var("x1"), s:var("o0"), s:var("o1")
    if x0 == 0 and x1 == 0 and o0 == 0 and o1 == 0 then return from_sprites(s) end
    return (x0 & 0xFFFFFFFF) | x1 << 32, (o0 & 0xFFFFFFFF) | o1 << 32
end

local function signed32(v)
    return ((v & 0xFFFFFFFF) ~ 0x80000000) - 0x80000000
end

local PASS = { "pass" }
local NONE = {}

local function legal(s, i)
    local m = (s:var("m0") & 0xFFFFFFFF) | s:var("m1") << 32
    if m == 0 then                         -- a pass, the end, or not built yet
        local X, O = board(s)
        local P, Q = X, O
        if i == 1 then P, Q = O, X end
        m = moves(P, Q)
        if m == 0 then
            if moves(Q, P) ~= 0 then return PASS end
            return NONE
        end
    end
    local t, n = {}, 0
    local b = m & C1
    while b ~= 0 do local low = b & -b; n = n + 1; t[n] = BITNAME[low]; b = b ~ low end
    b = m & C2
    while b ~= 0 do local low = b & -b; n = n + 1; t[n] = BITNAME[low]; b = b ~ low end
    b = m & C3
    while b ~= 0 do local low = b & -b; n = n + 1; t[n] = BITNAME[low]; b = b ~ low end
    b = m & C4
    while b ~= 0 do local low = b & -b; n = n + 1; t[n] = BITNAME[low]; b = b ~ low end
    return t
end

-- The final score for agent 0 (X): the disc difference, the empty squares
-- to the winner.
local function final(X, O)
    local x, o = popcount(X), popcount(O)
    local d, e = x - o, 64 - x - o
    if d > 0 then return d + e elseif d < 0 then return d - e end
    return 0
end

local function apply(s, i, move)
    local x0, x1, o0, o1 = s:var("x0"), s:var("x1"), s:var("o0"), s:var("o1")
    local X, O
    if x0 == 0 and x1 == 0 and o0 == 0 and o1 == 0 then   -- the first move: build the copy
        X, O = from_sprites(s)
        s:add_score(popcount(X) - popcount(O) - s:score())
    else
        X, O = (x0 & 0xFFFFFFFF) | x1 << 32, (o0 & 0xFFFFFFFF) | o1 << 32
    end
    local P, Q = X, O
    if i == 1 then P, Q = O, X end
    if move ~= "pass" then
        local sq = SQUARE[move]
        local m = 1 << sq
        local f = flips(P, Q, m)
        P = P | m | f
        Q = Q & ~f
        local mover = TYPE[i]
        s:spawn(mover, sq % 8, sq // 8)
        local n = 0
        while f ~= 0 do
            local low = f & -f
            local k = BITSQ[low]
            local here = s:at(k % 8, k // 8)
            s:transform(here[#here], mover)
            n = n + 1
            f = f ~ low
        end
        s:add_score(i == 0 and 2 * n + 1 or -2 * n - 1)
    end
    if i == 1 then X, O = Q, P else X, O = P, Q end
    s:set_var("x0", signed32(X)); s:set_var("x1", signed32(X >> 32))
    s:set_var("o0", signed32(O)); s:set_var("o1", signed32(O >> 32))
    local next = moves(Q, P)                 -- the opponent's squares
    s:set_var("m0", signed32(next)); s:set_var("m1", signed32(next >> 32))
    if next == 0 and moves(P, Q) == 0 then
        local v = final(X, O)
        s:add_score(v - s:score())
        if v > 0 then s:win() elseif v < 0 then s:lose() else s:draw() end
    end
end

turns {
    moves = MOVES,
    agents = 2,
    legal = legal,
    apply = apply,
}

-- ---- Evaluation ------------------------------------------------------------

-- Opponent discs (O) that some move of the side with discs P would flip:
-- in each direction, those in a run of O's discs between one of P's discs
-- and an empty square.
local function flippable(P, O)
    local E = ~(P | O)
    local h = O & INNER
    return (fill_up(P, h, 1) & fill_down(E, h, 1) & O) | (fill_down(P, h, 1) & fill_up(E, h, 1) & O)
        | (fill_up(P, O, 8) & fill_down(E, O, 8) & O) | (fill_down(P, O, 8) & fill_up(E, O, 8) & O)
        | (fill_up(P, h, 9) & fill_down(E, h, 9) & O) | (fill_down(P, h, 9) & fill_up(E, h, 9) & O)
        | (fill_up(P, h, 7) & fill_down(E, h, 7) & O) | (fill_down(P, h, 7) & fill_up(E, h, 7) & O)
end

-- evaluate(state), from agent 0's (X's) view: the course report's Othello
-- heuristic, discs + 8 * mobility + 300 * corners + stability, each a
-- difference X - O, where mobility counts legal moves and stability, as
-- the report computes it, counts the opponent's discs a side could flip.
-- A finished game: its final score + 5000 for a win, - 5000 for a loss.
function evaluate(s)
    local X, O = board(s)
    local mx, mo = moves(X, O), moves(O, X)
    if mx == 0 and mo == 0 then
        local v = final(X, O)
        if v > 0 then return v + 5000 elseif v < 0 then return v - 5000 end
        return 0
    end
    return popcount(X) - popcount(O)
        + 8 * (popcount(mx) - popcount(mo))
        + 300 * (popcount(X & CORNERS) - popcount(O & CORNERS))
        + popcount(flippable(X, O)) - popcount(flippable(O, X))
end
