/* SPDX-License-Identifier: MIT
 *
 * match.c -- a game played to its end with an agent (or the game's own
 * policy) in every seat, shared by 'vgdl run' and 'vgdl batch'; and one
 * agent's move in a game with turns, which 'vgdl decide' and 'vgdl play'
 * use too. See match.h.
 *
 * Two ways to play:
 *
 * - In rounds (vg_advance), as a one-player game: when the game has no
 *   turns{}, or when only agent 0 is played by an agent and its moves are
 *   named like actions (2048, CS188 Pacman against the script's ghosts).
 *   The agent's action is agent 0's move; every other agent plays its
 *   policy.
 *
 * - Turn by turn (vg_play) otherwise (Connect Four, Othello, any game
 *   with an agent in another seat): the seat to move decides and plays
 *   the move its agent returns; a seat without an agent and a chance seat play
 *   vg_play_policy (the script's policy, a random legal move, or a chance
 *   outcome, drawn from the state's RNG as vg_advance draws them).
 *
 * - At once (vg_advance_multi), in a game for several players (GVGAI's
 *   two-player games): each tick every player's agent decides on the same
 *   state (a player whose avatar is not alive is not asked, as in GVGAI;
 *   a seat without an agent does NIL), then the tick plays all their
 *   actions.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "match.h"
#include "runs.h"

int match_warn_overspent(const char *label, long long decisions, long long overspent) {
    if (decisions <= 0 || overspent * 100 <= decisions * MATCH_OVERSPENT_PCT) return 0;
    fprintf(stderr,
            "warning: %s overspent its budget in %lld of %lld decisions (%.0f%%, more than %d%%): its play is not "
            "that of the budget (a time budget: fewer workers or a less busy machine; a call budget: a larger one)\n",
            label, overspent, decisions, 100.0 * (double)overspent / (double)decisions, MATCH_OVERSPENT_PCT);
    return 1;
}

void match_note(match_stats *st, const agent_report *r) {
    if (!st) return;
    st->decisions++;
    st->ms_total += r->ms;
    st->calls += r->calls;
    st->expanded += r->expanded;
    st->overspent += r->overspent;
    if (r->ms > st->ms_max) st->ms_max = r->ms;
}

const char *match_seat_name(const vg_game *g, int who, char *buf, size_t size) {
    static const char *const names[2] = {"first player", "second player"};
    if (vg_num_agents(g, NULL) == 2 && who >= 0 && who < 2) snprintf(buf, size, "%s", names[who]);
    else snprintf(buf, size, "agent %d", who);
    return buf;
}

vg_status match_decide(const vg_game *g, const vg_state *s, const match_seat *seat, agent_report *r, int *move,
                       vg_error *err) {
    int who = vg_turn(s), moves[VG_MAX_MOVES];
    char name[32];
    match_seat_name(g, who, name, sizeof name);
    memset(err, 0, sizeof *err);
    *move = -1;
    int n = vg_legal(g, s, who, moves, err);
    if (n == 0)
        return err->msg[0] ? VG_ERR_SCRIPT
                           : vg_error_set(err, VG_ERR_ARG, NULL, 0, 0, "the %s has no legal move", name);
    int chosen = agent_act(seat->agent, s, &seat->budget, r);
    match_note(seat->stats, r);
    if (r->status != VG_OK) return *err = r->error, r->status;
    for (int k = 0; k < n; k++)
        if (moves[k] == chosen) return *move = chosen, VG_OK;
    if (chosen >= 0)
        return vg_error_set(err, VG_ERR_ARG, NULL, 0, 0, "agent '%s' (%s) chose move '%s', which is not legal",
                            seat->label, name, vg_move_name(g, chosen) ? vg_move_name(g, chosen) : "?");
    return vg_error_set(err, VG_ERR_ARG, NULL, 0, 0,
                        "agent '%s' (%s) named no legal move (it does not play games with "
                        "turns, or found no move within its budget)",
                        seat->label, name);
}

int match_seats(const vg_game *g) { return vg_game_has_turns(g) ? vg_num_agents(g, NULL) : vg_num_players(g); }

/* A tick of a game for several players: every seat's agent decides, then
 * all play at once. VG_OK, or an error with 'err' filled. */
static vg_status play_at_once(const vg_game *g, vg_state *s, const match_seat *seats, match_move_fn *on_move, void *ud,
                              vg_error *err) {
    vg_action acts[VG_MAX_PLAYERS];
    for (int p = 0; p < vg_num_players(g); p++) {
        agent_report r;
        acts[p] = VG_ACTION_NIL;
        if (!seats[p].agent || !vg_player_alive(g, s, p)) continue;
        int move = agent_act(seats[p].agent, s, &seats[p].budget, &r);
        match_note(seats[p].stats, &r);
        if (r.status != VG_OK) return *err = r.error, r.status;
        acts[p] = agent_action(seats[p].agent, move);
    }
    vg_status st = vg_advance_multi(g, s, acts, err);
    return st == VG_OK && on_move ? on_move(ud, -1, (int)acts[0], err) : st;
}

int match_by_turns(const vg_game *g, const match_seat *seats) {
    if (!vg_game_has_turns(g)) return 0;
    for (int k = 1; k < vg_num_agents(g, NULL); k++)
        if (seats[k].agent && !vg_is_chance(g, k)) return 1;
    return !vg_moves_are_actions(g);
}

vg_status match_play(const vg_game *g, vg_state *s, const match_seat *seats, int max_ticks, match_move_fn *on_move,
                     void *ud, vg_error *err) {
    int by_turns = match_by_turns(g, seats);
    vg_status st = VG_OK;
    memset(err, 0, sizeof *err);
    while (st == VG_OK && !vg_is_over(s) && (max_ticks == 0 || vg_tick(s) < max_ticks)) {
        agent_report r;
        int who = -1, move;
        if (!vg_game_has_turns(g) && vg_num_players(g) > 1) {
            st = play_at_once(g, s, seats, on_move, ud, err);
            continue;
        }
        if (!by_turns) {
            move = agent_act(seats[0].agent, s, &seats[0].budget, &r);
            match_note(seats[0].stats, &r);
            if (r.status != VG_OK) return *err = r.error, r.status;
            move = (int)agent_action(seats[0].agent, move);
            st = vg_advance(g, s, (vg_action)move, err);
        } else if (who = vg_turn(s), seats[who].agent && !vg_is_chance(g, who)) {
            if ((st = match_decide(g, s, &seats[who], &r, &move, err)) == VG_OK) st = vg_play(g, s, who, move, err);
        } else {
            st = vg_play_policy(g, s, &move, err); /* the game's policy, or chance */
        }
        if (st == VG_OK && on_move) st = on_move(ud, who, move, err);
    }
    return st;
}

/* One agent's decisions over the rows. */
typedef struct spent {
    const char *label;
    long long decisions, overspent;
} spent;

static void tally(spent *t, int *n, int max, const char *label, long long decisions, long long overspent) {
    if (!label[0] || decisions <= 0) return;
    int k = 0;
    while (k < *n && strcmp(t[k].label, label) != 0) k++;
    if (k == *n) {
        if (*n == max) return;
        t[(*n)++] = (spent){label, 0, 0};
    }
    t[k].decisions += decisions;
    t[k].overspent += overspent;
}

int match_warn_overspent_rows(const row_list *l) {
    enum { MAX_AGENTS = 256 };
    static spent t[MAX_AGENTS];
    int n = 0, warned = 0;
    for (size_t i = 0; i < l->n; i++) {
        const run_row *r = &l->rows[i];
        tally(t, &n, MAX_AGENTS, r->agent, r->decisions, r->overspent);
        tally(t, &n, MAX_AGENTS, r->opponent, r->opp_decisions, r->opp_overspent);
    }
    for (int k = 0; k < n; k++) warned += match_warn_overspent(t[k].label, t[k].decisions, t[k].overspent);
    return warned;
}
