/* SPDX-License-Identifier: MIT
 *
 * players.c -- games for several players (GVGAI's two-player games,
 * 'players = 2'): each player has an avatar, a score and a result, kept
 * in the state's player records (state.h). Here: which avatar is whose at
 * a level's start and after each tick, moving the avatars (step 1 of a
 * tick), what an effect adds to the players' scores and the game's
 * counters, and who wins when the game ends. A game for one player and
 * no counters never comes here: its avatar, score and result are the
 * state header's.
 */
#include <string.h>

#include "class.h"
#include "effect.h"
#include "players.h"
#include "term.h"

/* ---- Whose avatar is which ------------------------------------------- */

static void look(vg_state *s, int p);
static int new_avatar_sprite(const tick_ctx *t, uint32_t id);

vg_status players_start(const vg_game *g, vg_state *s, const char *level, vg_error *err) {
    int p = 0;
    for (int t = 0; t < g->ntypes && p < g->nplayers; t++) { /* GVGAI's Game.createAvatars */
        if (!type_in(g->avatar_types, t)) continue;
        uint32_t from, to;
        state_range(g, s, t, &from, &to);
        for (uint32_t i = to; i > from && p < g->nplayers; i--)
            state_player(s, p++)->avatar_id = state_sprite(s, i - 1)->id;
    }
    if (p < g->nplayers)
        return error_set(err, VG_ERR_PARSE, level, 0, 0,
                         "map has %d avatar%s; the game has %d players (one avatar each)", p, p == 1 ? "" : "s",
                         g->nplayers);
    for (p = 0; p < g->nplayers; p++) {
        player_rec *r = state_player(s, p);
        r->score = 0;
        r->winner = VG_NO_WINNER;
        r->last = VG_ACTION_NIL;
        r->start_id = r->avatar_id;
        r->orphan_id = NO_AVATAR;
    }
    players_find(g, s);
    for (p = 0; p < g->nplayers && g->views; p++) look(s, p); /* GVGAI's observation starts with every avatar */
    return VG_OK;
}

/* Player 0 sees player p's avatar as it is now. */
static void look(vg_state *s, int p) {
    view_rec *v = state_view(s, p);
    v->score = *player_score(s, p);
    v->winner = *player_winner(s, p);
    v->seen = 1;
    memcpy(view_sprite(s, p), state_sprite(s, (uint32_t)player_avatar(s, p)), s->stride);
}

void players_look(const vg_game *g, vg_state *s) {
    for (int p = 0; p < g->nplayers; p++) {
        int i = player_avatar(s, p);
        if (i >= 0 && !(g->types[state_sprite(s, (uint32_t)i)->type].hidden & 1)) look(s, p);
    }
}

void players_find(const vg_game *g, vg_state *s) {
    for (int p = 0; p < g->nplayers; p++) {
        player_rec *r = state_player(s, p);
        int found = -1;
        for (uint64_t ts = g->avatar_types; ts && found < 0 && r->avatar_id != NO_AVATAR; ts &= ts - 1) {
            uint32_t from, to;
            state_range(g, s, __builtin_ctzll(ts), &from, &to);
            for (uint32_t i = from; i < to && found < 0; i++)
                if (state_sprite(s, i)->id == r->avatar_id) found = (int)i;
        }
        if (found < 0) r->avatar_id = NO_AVATAR; /* gone for good (GVGAI: avatars[p] = null) */
        if (p) r->avatar = (int16_t)found;
        else s->avatar = (int16_t)found;
    }
}

int players_of(const vg_game *g, const vg_state *s, uint32_t id) {
    for (int p = 0; p < g->nplayers; p++)
        if (state_player(s, p)->avatar_id == id) return p;
    return -1;
}

void players_transfer(tick_ctx *t, int old, int n) {
    uint32_t id = tick_sprite(t, (uint32_t)old)->id;
    int p = players_of(t->g, t->s, id), x, y;
    for (int q = 0; q < t->g->nplayers && p < 0; q++) /* its avatar already replaced this tick */
        if (state_player(t->s, q)->start_id == id) p = q;
    player_rec *r = state_player(t->s, p < 0 ? 0 : p);
    /* The player's avatar now, when not 'old' (its first replacement this tick, or one a sprite of no
     * player's, an orphan, displaces), is left to no player: GVGAI never updates it again, so it keeps
     * its lastrect (since it died, when it is disabled) */
    int a = r->avatar_id == id || r->avatar_id == NO_AVATAR ? -1 : new_avatar_sprite(t, r->avatar_id);
    if (a >= 0) {
        if (tick_sprite(t, (uint32_t)a)->flags & SP_DISABLED) x = r->lx, y = r->ly;
        else tick_last_pos(t, a, &x, &y);
        r->orphan_id = r->avatar_id, r->olx = (int16_t)x, r->oly = (int16_t)y;
    }
    r->avatar_id = tick_sprite(t, (uint32_t)n)->id;
}

/* The index of changing sprite 'id' of an avatar type, -1: none. */
static int avatar_sprite(const vg_game *g, const vg_state *s, uint32_t id) {
    for (uint64_t ts = g->avatar_types; ts && id != NO_AVATAR; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++)
            if (state_sprite(s, i)->id == id) return (int)i;
    }
    return -1;
}

/* ... or one created this tick (not yet in its type's range). */
static int new_avatar_sprite(const tick_ctx *t, uint32_t id) {
    int i = avatar_sprite(t->g, t->s, id);
    for (uint32_t k = t->settled; k < t->s->n && i < 0; k++)
        if (tick_sprite(t, k)->id == id) i = (int)k;
    return i;
}

/* ---- A tick ------------------------------------------------------------ */

void players_disabled(tick_ctx *t, int i) {
    int p = players_of(t->g, t->s, tick_sprite(t, (uint32_t)i)->id), x, y;
    if (p < 0) return;
    tick_last_pos(t, i, &x, &y);
    state_player(t->s, p)->lx = (int16_t)x;
    state_player(t->s, p)->ly = (int16_t)y;
}

void players_move(tick_ctx *t, const vg_action *acts) {
    const vg_game *g = t->g;
    for (int p = 0; p < g->nplayers; p++) {
        player_rec *r = state_player(t->s, p);
        r->start_id = r->avatar_id;
        if (r->orphan_id != NO_AVATAR) { /* never updated: it keeps its lastrect */
            int o = avatar_sprite(g, t->s, r->orphan_id);
            if (o < 0) r->orphan_id = NO_AVATAR;
            else if (tick_sprite(t, (uint32_t)o)->x != r->olx || tick_sprite(t, (uint32_t)o)->y != r->oly)
                tick_moved_from(t, o, r->olx, r->oly);
        }
        int i = player_avatar(t->s, p);
        if (i < 0) continue;
        const sprite *q = tick_sprite(t, (uint32_t)i);
        if (q->flags & SP_DISABLED) { /* GVGAI does not ask it */
            if (q->x != r->lx || q->y != r->ly) tick_moved_from(t, i, r->lx, r->ly);
            continue;
        }
        int type = tick_sprite(t, (uint32_t)i)->type;
        vg_action a = g->acts[type].allowed >> acts[p] & 1 ? acts[p] : VG_ACTION_NIL;
        state_player(t->s, p)->last = (uint8_t)a;
        if (p == 0) t->s->action = (uint8_t)a; /* state:action(): player 0's */
        g->update_fn[type](t, i, a);
    }
}

void players_tally(tick_ctx *t, const double score[VG_MAX_PLAYERS], const effect_def *e, int scored, int times) {
    const vg_game *g = t->g;
    for (int p = 0; p < g->nplayers && scored; p++) *player_score(t->s, p) += score[p] * times;
    if (!g->ncounters || !e) return;
    int sided = e->kind == EFF_transformIfCount; /* GVGAI counts it only when it transforms, apart */
    int yes = !sided || scored, no = !sided || (!scored && e->stype_to >= 0);
    for (int k = 0; k < g->ncounters; k++)
        t->s->vars[g->counter_var + k] += times * ((yes ? e->counter[k] : 0) + (no ? e->counter_else[k] : 0));
}

/* ---- The end ----------------------------------------------------------- */

/* GVGAI's count_score: the players with the best score win, unless every
 * score is 0; a player with 0 never raises the best (its quirk: 0 loses
 * to a first player's -3). */
static int best_scores(const vg_game *g, const vg_state *s) {
    double best = *player_score(s, 0);
    int all0 = best == 0, win = 0;
    for (int p = 1; p < g->nplayers; p++) {
        double x = *player_score(s, p);
        if (x != 0) all0 = 0;
        if (x != 0 && x > best) best = x;
    }
    for (int p = 0; p < g->nplayers; p++)
        if (!all0 && *player_score(s, p) == best) win |= 1 << p;
    return win;
}

/* GVGAI's Timeout with use_counter: the game's counters decide. */
static int counters_decide(const vg_game *g, const vg_state *s, const term_def *d) {
    const int32_t *c = s->vars + g->counter_var;
    int n = g->nplayers;
    if (d->compare) { /* all counters equal: every player but the first wins; else the first */
        int same = 1;
        for (int k = 1; k < g->ncounters; k++) same &= c[k] == c[0];
        return same ? ((1 << n) - 1) & ~1 : 1;
    }
    if (n != g->ncounters) return 0;
    return c[n - 1] == d->limits[n - 1]; /* GVGAI keeps only the last player's outcome, as the first's */
}

/* 1 when player p has an avatar, so a result (GVGAI sets none for a
 * player whose avatar is gone); a game for one player always has. */
static int has_avatar(const vg_game *g, const vg_state *s, int p) {
    return g->nplayers == 1 || state_player(s, p)->avatar_id != NO_AVATAR;
}

void players_end(tick_ctx *t, const term_def *d, int win) {
    const vg_game *g = t->g;
    if (d->count_score) win = best_scores(g, t->s);
    if (d->kind == TERM_Timeout && d->use_counter) win = counters_decide(g, t->s, d);
    for (int p = 0; p < g->nplayers; p++)
        if (has_avatar(g, t->s, p)) *player_winner(t->s, p) = win >> p & 1 ? VG_PLAYER_WINS : VG_PLAYER_LOSES;
}

void players_time_up(tick_ctx *t) {
    const vg_game *g = t->g;
    for (int p = 0; p < g->nplayers; p++) {
        uint8_t *w = player_winner(t->s, p);
        if (has_avatar(g, t->s, p) && *w != VG_PLAYER_WINS) *w = VG_PLAYER_LOSES;
    }
}

/* ---- The API (vgdl.h) -------------------------------------------------- */

int vg_num_players(const vg_game *g) { return g->nplayers; }

double vg_player_score(const vg_game *g, const vg_state *s, int p) {
    return p >= 0 && p < g->nplayers ? *player_score(s, p) : 0;
}

vg_winner vg_player_winner(const vg_game *g, const vg_state *s, int p) {
    return p >= 0 && p < g->nplayers ? (vg_winner)*player_winner(s, p) : VG_NO_WINNER;
}

vg_action vg_player_last_action(const vg_game *g, const vg_state *s, int p) {
    return p >= 0 && p < g->nplayers && g->nplayers > 1 ? (vg_action)state_player(s, p)->last : VG_ACTION_NIL;
}

int vg_player_actions(const vg_game *g, const vg_state *s, int p, vg_action out[VG_MAX_ACTIONS]) {
    if (p == 0 || g->turns) return p == 0 ? vg_actions(g, s, out) : 0;
    int av = p > 0 && p < g->nplayers ? player_avatar(s, p) : -1;
    if (av < 0) return 0;
    const struct type_acts *ta = &g->acts[state_sprite(s, (uint32_t)av)->type];
    memcpy(out, ta->at, sizeof ta->at);
    return ta->n;
}
