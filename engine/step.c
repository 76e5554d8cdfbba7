/* SPDX-License-Identifier: MIT
 *
 * step.c -- one game tick, in GVGAI's order:
 *
 *   1. the avatar moves by the action (in a game for several players,
 *      each player's avatar, player 0 first: players.c);
 *   2. every other sprite updates, types in reverse sprite order;
 *   3. collision effects run (interact.c);
 *   4. killed sprites are removed and new ones put in place;
 *   5. terminations and the tick limit are checked (term.c).
 *
 * Scratch for the tick (which sprites moved and from where) lives on the
 * stack, so advancing allocates nothing, and states of a game whose script
 * defines no custom effects or terminations can be advanced from several
 * threads (calls into the script share the game's one script state). A tick costs in
 * proportion to what moves, not to the number of sprites.
 */
#include <string.h>

#include "class.h"
#include "interact.h"
#include "players.h"
#include "term.h"

static vg_status advance_turns(const vg_game *g, vg_state *s, vg_action a, vg_error *err);

/* A script error during a move ends the game with no winner. */
static vg_status game_failed(vg_state *s, vg_status st) {
    if (st != VG_OK) {
        s->over = 1;
        s->winner = VG_NO_WINNER;
    }
    return st;
}

/* One tick, the avatar doing acts[0]; with 'several' (a game for several
 * players: a constant, so that a game for one tests nothing more), player
 * p's avatar acts[p]. */
static inline __attribute__((always_inline)) vg_status tick(const vg_game *g, vg_state *s, const vg_action *acts,
                                                            int several, vg_error *err) {
    tick_ctx t;
    tick_begin(&t, g, s, err);
    if (s->nevents) vg_clear_events(s);

    /* Step 1. The avatar (every player's). */
    t.updating = VG_MAX_TYPES;
    int av = state_avatar(g, s);
    s->action = VG_ACTION_NIL; /* state:action(): the action the avatar plays */
    if (several) {
        players_move(&t, acts);
    } else if (av >= 0 && !(tick_sprite(&t, av)->flags & SP_DISABLED)) {
        int type = tick_sprite(&t, av)->type;
        vg_action a = acts[0];
        vg_action played = g->acts[type].allowed >> a & 1 ? a : VG_ACTION_NIL;
        s->action = (uint8_t)played;
        g->update_fn[type](&t, av, played);
    }

    /* Step 2. Everything that moves by itself, in reverse sprite order;
     * sprites created earlier in the tick too (GVGAI's lists grow). */
    for (int k = g->nupdate - 1; k >= 0; k--) {
        int type = g->update_order[k];
        class_update_fn *update = g->update_fn[type];
        uint32_t from, to, n0 = s->n;
        t.updating = type;
        type_range(&t, type, &from, &to); /* as sprite_walk: its range, then its new sprites */
        if (from == to || !(g->passive_types >> type & 1)) {
            for (uint32_t i = from; i < to; i++)
                if (!(tick_sprite(&t, i)->flags & SP_DISABLED)) update(&t, (int)i, VG_ACTION_NIL);
        } else {
            class_update_passive_range(&t, type, from, to);
        }
        if (t.created >> type & 1)
            for (uint32_t i = t.settled; i < n0; i++)
                if (tick_sprite(&t, i)->type == type && !(tick_sprite(&t, i)->flags & SP_DISABLED))
                    update(&t, (int)i, VG_ACTION_NIL);
    }
    t.updating = -1;

    /* Step 3. Collisions (interact_run; rest.c's first, in a game whose
     * sprites may rest); then note whether any overlap outlasts the tick. */
    g->pass(&t);
    s->persist = (uint8_t)interact_persist(&t);

    /* Step 4. Clean up. */
    tick_end(&t);
    s->tick++;

    /* Step 5. Is it over? */
    if (t.status == VG_OK) term_run(&t);
    if (several && g->views) players_look(g, s);
    return game_failed(s, t.status);
}

vg_status vg_advance(const vg_game *g, vg_state *s, vg_action a, vg_error *err) {
    if (s->over) return VG_OK;
    if ((unsigned)a >= VG_NUM_ACTIONS) a = VG_ACTION_NIL;
    if (g->turns) return advance_turns(g, s, a, err);
    if (g->nplayers > 1) return vg_advance_multi(g, s, (vg_action[VG_MAX_PLAYERS]){a}, err); /* the others: NIL */
    return tick(g, s, &a, 0, err);
}

vg_status vg_advance_multi(const vg_game *g, vg_state *s, const vg_action *acts, vg_error *err) {
    vg_action a[VG_MAX_PLAYERS] = {VG_ACTION_NIL};
    for (int p = 0; p < g->nplayers; p++) a[p] = (unsigned)acts[p] < VG_NUM_ACTIONS ? acts[p] : VG_ACTION_NIL;
    if (s->over) return VG_OK;
    if (g->turns) return advance_turns(g, s, a[0], err);
    if (g->nplayers == 1) return tick(g, s, a, 0, err);
    return tick(g, s, a, 1, err);
}

/* vg_actions in a game with turns: agent 0's legal moves that are named like actions. */
__attribute__((noinline)) static int turn_actions(const vg_game *g, const vg_state *s, vg_action out[VG_MAX_ACTIONS]) {
    int moves[VG_MAX_MOVES], n = vg_legal(g, s, 0, moves, NULL), k = 0;
    vg_action a;
    for (int i = 0; i < n && k < VG_MAX_ACTIONS; i++)
        if (vg_action_parse(g->move_names[moves[i]], &a) && a != VG_ACTION_NIL) out[k++] = a;
    return k;
}

int vg_actions(const vg_game *g, const vg_state *s, vg_action out[VG_MAX_ACTIONS]) {
    if (g->turns) return turn_actions(g, s, out);
    if (!g->avatar_types) return 0;
    int av = state_avatar(g, s), type = g->acts_type; /* the avatar's type's; with none, the first avatar type's */
    if (type < 0) type = av >= 0 ? state_sprite(s, (uint32_t)av)->type : __builtin_ctzll(g->avatar_types);
    const struct type_acts *ta = &g->acts[type];
    memcpy(out, ta->at, sizeof ta->at); /* the whole row: one fixed-size copy */
    return ta->n;
}

int vg_is_over(const vg_state *s) { return s->over; }
vg_winner vg_winner_of(const vg_state *s) { return (vg_winner)s->winner; }
double vg_score(const vg_state *s) { return s->score; }
int vg_tick(const vg_state *s) { return (int)s->tick; }

/* ---- Several agents ----------------------------------------------------- */

int vg_num_agents(const vg_game *g, const vg_state *s) {
    (void)s;
    return g->turns ? g->nagents : 1;
}

int vg_turn(const vg_state *s) { return s->turn; }

int vg_is_chance(const vg_game *g, int agent) {
    return g->turns && agent >= 0 && agent < VG_MAX_AGENTS && (g->chance >> agent & 1);
}

int vg_outcomes(const vg_game *g, const vg_state *s, int agent, int moves[VG_MAX_MOVES], double probs[VG_MAX_MOVES],
                vg_error *err) {
    int n = 0;
    if (s->over || !vg_is_chance(g, agent) || agent >= g->nagents) return 0;
    if (g->ops->outcomes(g->script, g, s, agent, moves, probs, &n, err) != VG_OK) return 0;
    return n;
}

int vg_legal(const vg_game *g, const vg_state *s, int agent, int moves[VG_MAX_MOVES], vg_error *err) {
    if (s->over || agent < 0 || agent >= vg_num_agents(g, s)) return 0;
    if (!g->turns) {
        vg_action acts[VG_MAX_ACTIONS];
        int n = vg_actions(g, s, acts);
        for (int k = 0; k < n; k++) moves[k] = (int)acts[k];
        return n;
    }
    int n = 0;
    if (g->ops->legal(g->script, g, s, agent, moves, &n, err) != VG_OK) return 0;
    return n;
}

/* One agent's move in a game with turns: the script plays it, then
 * collisions, clean-up and terminations run as in a tick. */
static vg_status play_turn(const vg_game *g, vg_state *s, int agent, int move, vg_error *err) {
    tick_ctx t;
    tick_begin(&t, g, s, err);
    t.census = ~0ULL; /* the script may change anything */
    vg_clear_events(s);
    s->action = g->move_action[move];
    vg_status st = g->ops->apply(g->script, &t, agent, move, err);
    if (t.status == VG_OK) t.status = st; /* a limit met in apply (a full state) fails the turn too */
    if (t.status == VG_OK) interact_run(&t);
    s->persist = (uint8_t)interact_persist(&t);
    tick_end(&t);
    s->turn = (uint8_t)((s->turn + 1) % g->nagents);
    if (s->turn == 0) s->tick++;
    if (t.status == VG_OK) term_run(&t);
    return game_failed(s, t.status);
}

vg_status vg_play(const vg_game *g, vg_state *s, int agent, int move, vg_error *err) {
    if (s->over) return VG_OK;
    if (!g->turns) return vg_advance(g, s, (vg_action)move, err);
    if (agent != s->turn || move < 0 || move >= g->nmoves) {
        error_set(err, VG_ERR_ARG, g->script_path, 0, 0, "agent %d cannot play move %d now (agent %d is to move)",
                  agent, move, s->turn);
        return VG_ERR_ARG;
    }
    return play_turn(g, s, agent, move, err);
}

/* The agent to move plays its policy's move (a chance agent: an outcome
 * drawn from the state's RNG), in '*move'. */
static vg_status policy_turn(const vg_game *g, vg_state *s, int *move, vg_error *err) {
    tick_ctx t;
    tick_begin(&t, g, s, err);
    vg_status st = g->ops->policy(g->script, &t, s->turn, move, err);
    return st == VG_OK ? play_turn(g, s, s->turn, *move, err) : game_failed(s, st);
}

vg_status vg_play_policy(const vg_game *g, vg_state *s, int *move, vg_error *err) {
    int m = -1;
    vg_status st = VG_OK;
    if (!s->over && !g->turns) {
        error_set(err, VG_ERR_ARG, g->script_path, 0, 0, "the game has no turns{}: its one agent has no policy");
        st = VG_ERR_ARG;
    } else if (!s->over) {
        st = policy_turn(g, s, &m, err);
    }
    if (move) *move = m;
    return st;
}

/* vg_advance on a game with turns: agent 0 plays the move named like the
 * action (or NIL, or its first legal move), then the others their policies. */
static vg_status advance_turns(const vg_game *g, vg_state *s, vg_action a, vg_error *err) {
    int moves[VG_MAX_MOVES], n = 0, want = vg_move_find(g, vg_action_name(a) + 7);
    int nil = vg_move_find(g, "NIL"), pick = -1;
    vg_status st = g->ops->legal(g->script, g, s, 0, moves, &n, err);
    if (st != VG_OK) return game_failed(s, st);
    for (int k = 0; k < n; k++) {
        if (moves[k] == want) pick = want;
        if (moves[k] == nil && pick < 0) pick = nil;
    }
    if (pick < 0) pick = moves[0];
    st = play_turn(g, s, 0, pick, err);
    while (st == VG_OK && !s->over && s->turn != 0) {
        int move = -1;
        st = policy_turn(g, s, &move, err);
    }
    return st;
}
