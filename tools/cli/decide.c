/* SPDX-License-Identifier: MIT
 *
 * decide.c -- 'vgdl decide' (one decision from the level start, or from
 * the position after --moves) and 'vgdl solve' (a shortest winning action
 * sequence).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "agent.h"
#include "cli.h"
#include "commands.h"
#include "picture.h"
#include "solve_level.h"

/* vgdl decide: prints one "key: value" per line. */
int cmd_decide(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    int rc = cli_parse(argc, argv, &o, 1);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    agent *a = NULL;
    if ((rc = cli_agent_new(&o, o.agent, o.set, o.nset, o.seed, g, &a))) {
        vg_game_free(g);
        return rc;
    }
    if (o.budget.ms == 0 && o.budget.calls == 0) o.budget.ms = 40;
    int player = o.side ? o.side - 1 : 0, several = vg_num_players(g) > 1;
    vg_state *s = NULL;
    if (o.side && !several) rc = cli_fail("--side: '%s' is a game for one player", o.game);
    else agent_set_player(a, player, o.model);
    if (!rc && (rc = cli_start(&o, g, &s)) == 0 && vg_is_over(s))
        rc = cli_fail(o.moves ? "the game is over after --moves" : "the game is over at the level start");
    agent_report r;
    int move = -1;
    if (rc == 0) {
        move = agent_act(a, s, &o.budget, &r);
        if (r.status != VG_OK) rc = cli_report(&r.error);
    }
    if (rc == 0) {
        printf("agent: %s\n", o.agent);
        if (several) printf("player: %d\nopponent model: %s\n", player + 1, fm_model_name(o.model));
        printf("action: %s\n", vg_action_name(agent_move_action(g, move)));
        if (vg_game_has_turns(g) && move >= 0)
            printf("to move: agent %d\nmove: %s\n", vg_turn(s), vg_move_name(g, move));
        if (r.has_value) printf("value: %g\n", r.value);
        printf("calls: %ld\nexpanded: %ld\nms: %.3f\noverspent: %d\n", r.calls, r.expanded, r.ms, r.overspent);
    }
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
    return rc;
}

/* vgdl solve: the plan on stdout (an actions file), the figures on stderr.
 * Exit status 0 solved, 1 unsolvable or undecided, 2 bad input. Without
 * --max-states the search stops after 10 million states (about 10 GB on
 * Bait level 3, which needs 4.7 million). */
/* The plan played from 's' (left unchanged) into the GIF, a frame per
 * tick; 0, or 2 after printing why. */
static int play_plan(const vg_game *g, const vg_state *s, const solve_result *r, picture_gif *gif) {
    vg_error err = {0};
    vg_state *t = vg_state_clone(s);
    int rc = t ? 0 : cli_fail("out of memory");
    if (!rc && picture_gif_frame(gif, t, &err)) rc = cli_report(&err);
    for (int k = 0; k < r->len && !rc; k++)
        if (vg_advance(g, t, r->plan[k], &err) != VG_OK || picture_gif_frame(gif, t, &err)) rc = cli_report(&err);
    vg_state_free(t);
    return rc;
}

/* Whether chance decides how the plan plays: replayed from the start with
 * seeds other than --seed's, it plays otherwise (sprites, score or the
 * result differ at some tick). Returns the first such seed in '*seed' and
 * whether the plan still wins with it in '*wins'; 0 when it plays alike. */
static int chance_decides(const cli_opts *o, const vg_game *g, const solve_result *r, uint64_t *seed, int *wins) {
    enum { OTHER_SEEDS = 4 };
    for (uint64_t k = 1; k <= OTHER_SEEDS; k++) {
        cli_opts other = *o;
        other.seed = o->seed + k;
        vg_state *a = NULL, *b = NULL;
        int differs = 0;
        if (cli_start(o, g, &a) || cli_start(&other, g, &b)) {
            vg_state_free(a);
            return 0;
        }
        for (int t = 0; t < r->len; t++) {
            vg_advance(g, a, r->plan[t], NULL);
            vg_advance(g, b, r->plan[t], NULL);
            differs |= vg_state_position_hash(a) != vg_state_position_hash(b) || vg_score(a) != vg_score(b) ||
                       vg_is_over(a) != vg_is_over(b) || vg_winner_of(a) != vg_winner_of(b);
        }
        *wins = vg_is_over(b) && vg_winner_of(b) == VG_PLAYER_WINS;
        *seed = other.seed;
        vg_state_free(a);
        vg_state_free(b);
        if (differs) return 1;
    }
    return 0;
}

/* The process's CPU time so far (user and system), in seconds. */
static double cpu_seconds(void) {
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

/* The search's figures on stderr: counts, wall-clock and CPU time ('cpu'
 * seconds: the search's alone, loading left out), states expanded a second
 * and the process's peak resident memory (getrusage's ru_maxrss, in KB on
 * Linux: everything the process ever held, the game and Lua included). */
static void print_solve_figures(const solve_result *r, double cpu) {
    struct rusage ru;
    double mb = getrusage(RUSAGE_SELF, &ru) == 0 ? (double)ru.ru_maxrss / 1024.0 : 0;
    fprintf(stderr, "states explored: %ld\nstates generated: %ld\npositions: %ld\nseconds: %.3f\ncpu seconds: %.4f\n",
            r->expanded, r->generated, r->distinct, r->seconds, cpu);
    fprintf(stderr, "states per second: %.0f\npeak memory: %.0f MB\n", r->seconds > 0 ? r->expanded / r->seconds : 0,
            mb);
}

int cmd_solve(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    int rc = cli_parse(argc, argv, &o, 1);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    vg_state *s = NULL;
    if (vg_num_players(g) > 1)
        rc = cli_fail("solve: '%s' is a game for %d players; solve plays games for one", o.game, vg_num_players(g));
    else if ((rc = cli_start_round(&o, g, "solve", &s)) == 0 && vg_is_over(s)) {
        rc = cli_fail("the game is over after --moves");
        vg_state_free(s);
    }
    if (rc) {
        vg_game_free(g);
        return rc;
    }
    picture_gif *gif = NULL;
    if ((rc = picture_gif_open(&o, g, &gif))) {
        vg_state_free(s);
        vg_game_free(g);
        return rc;
    }
    solve_opts so = {o.max_states ? o.max_states : 10000000, o.has_seconds ? o.seconds : 0, o.weight > 1 ? o.weight : 1,
                     0};
    solve_result r;
    fm f = {.g = g};
    double cpu0 = cpu_seconds();
    solve_level(g, &f, s, &so, &r);
    double cpu = cpu_seconds() - cpu0;
    switch (r.status) {
    case SOLVE_SOLVED:
        for (int k = 0; k < r.len; k++) puts(vg_action_name(r.plan[k]));
        rc = gif ? play_plan(g, s, &r, gif) : 0;
        uint64_t other = 0;
        int wins = 0, chance = chance_decides(&o, g, &r, &other, &wins);
        if (chance)
            fprintf(
                stderr,
                "warning: chance decides how this game plays: the plan is for --seed %llu; with --seed %llu it %s\n",
                (unsigned long long)o.seed, (unsigned long long)other, wins ? "plays otherwise" : "does not win");
        if (r.optimal && chance)
            fprintf(stderr, "length: %d (shortest with --seed %llu)\n", r.len, (unsigned long long)o.seed);
        else if (r.optimal) fprintf(stderr, "length: %d (shortest)\n", r.len);
        else if (so.weight > 1)
            fprintf(stderr, "length: %d (weight %g: not proven shortest; at least %d)\n", r.len, so.weight,
                    r.lower_bound);
        else fprintf(stderr, "length: %d (not proven shortest within the limits: at least %d)\n", r.len, r.lower_bound);
        break;
    case SOLVE_UNSOLVABLE:
        fprintf(stderr, "unsolvable: no action sequence wins this level\n");
        rc = 1;
        break;
    case SOLVE_UNDECIDED:
        fprintf(stderr, "undecided: no win found within the limits; a win needs at least %d actions\n", r.lower_bound);
        rc = 1;
        break;
    case SOLVE_ERROR: rc = cli_report(&f.error); break;
    default: fprintf(stderr, "vgdl: out of memory after %ld states\n", r.expanded); rc = 1;
    }
    print_solve_figures(&r, cpu);
    int gif_rc = picture_gif_close(gif, r.status == SOLVE_SOLVED && rc == 0);
    if (!rc) rc = gif_rc;
    free(r.plan);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}
