/* SPDX-License-Identifier: MIT
 *
 * test_rest_differential.c -- sprites at rest (rest.c) on GVGAI's own
 * games, beyond the recorded traces (seed 1, one play a level): every
 * game of gvgai/all_games_sp.csv and gvgai/2player/all_games_2p.csv with
 * a type that may rest (none of the two-player ones today) is played on
 * each of its levels with other seeds and random actions, twice: as loaded, and with resting turned off (rest_types cleared: no
 * sprite ever rests). After every tick both states must be the same, byte
 * for byte but the flags the collision pass keeps for itself (SP_LINGER,
 * SP_REST), with the same score and events. A failure names the game,
 * level, seed and tick.
 *
 * Default: seeds 2-5, 1,000 ticks a play; VGDL_SLOW=1: seeds 2-17, 3,000
 * ticks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "differ.h"

/* Counts the states with a sprite marked as resting (SP_REST):
 * play_differential's 'each'. */
static void count_rest(const vg_state *s, void *resting) {
    for (uint32_t i = 0; i < s->n; i++)
        if (state_sprite(s, i)->flags & SP_REST) {
            ++*(int *)resting;
            return;
        }
}

/* Plays 'ticks' random ticks of game 'path' on 'level' from 'seed', with
 * resting and without; returns how many ticks ended with a sprite marked
 * resting, -1 when the game has no type that may rest. */
static int play_both(const char *path, const char *level, uint64_t seed, int ticks) {
    vg_game *g = load_game(path, level), *plain = load_game(path, level);
    int resting = -1;
    if (g->rest_types) {
        char label[160];
        snprintf(label, sizeof label, "%s %s", path, level);
        plain->rest_types = 0;
        resting = 0;
        play_differential(g, plain, seed, ticks, label, count_rest, &resting);
    }
    vg_game_free(g), vg_game_free(plain);
    return resting;
}

/* Plays every game of GVGAI's index 'csv' ("0,examples/gridphysics/aliens.txt":
 * the game is 'dir'/aliens.txt, a contphysics one in 'dir'/contphysics/) on
 * levels 0-4; returns how many have a type that may rest. */
static int play_index(const char *csv, const char *dir, int seeds, int ticks) {
    FILE *f = fopen(repo_path(csv), "r");
    assert_non_null(f);
    char line[512];
    int games = 0;
    while (fgets(line, sizeof line, f)) {
        char *name = strrchr(line, '/'), path[300], level[320];
        if (!name) continue;
        name[strcspn(name, "\r\n")] = 0;
        snprintf(path, sizeof path, "%s/%s%s", dir, strstr(line, "contphysics") ? "contphysics/" : "", name + 1);
        int rests = -1;
        for (int lvl = 0; lvl < 5; lvl++) {
            snprintf(level, sizeof level, "%.*s_lvl%d.txt", (int)strlen(path) - 4, path, lvl);
            if (access(repo_path(level), R_OK)) continue;
            for (uint64_t seed = 2; seed < 2 + (uint64_t)seeds; seed++) {
                int r = play_both(path, level, seed, ticks);
                rests = r < 0 ? rests : (rests < 0 ? 0 : rests) + r;
            }
        }
        if (rests < 0) continue;
        printf("# %s: %d ticks ended with a sprite resting\n", path, rests);
        assert_true(rests > 0); /* the plays compared something */
        games++;
    }
    fclose(f);
    return games;
}

static void test_gvgai_games(void **state) {
    (void)state;
    int slow = getenv("VGDL_SLOW") != NULL, seeds = slow ? 16 : 4, ticks = slow ? 3000 : 1000;
    int games = play_index("gvgai/all_games_sp.csv", "gvgai", seeds, ticks);
    games += play_index("gvgai/2player/all_games_2p.csv", "gvgai/2player", seeds, ticks);
    printf("# %d games with a type that may rest, played with resting and without\n", games);
    assert_true(games >= 5); /* boulderdash, superman, ...: the test tests something */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gvgai_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
