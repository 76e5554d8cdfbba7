/* SPDX-License-Identifier: MIT
 *
 * test_cells_typed.c -- the tick's cell lists kept per type and cell
 * (tick.h's cell_lists, g->cells_typed), against one list per cell: the
 * same plays, with random actions, of GVGAI games as loaded and with
 * the per-type lists forced the other way (game_cells_typed) must give
 * the same states after every tick, byte for byte but the flags the
 * collision pass keeps for itself (SP_LINGER, SP_REST), with the same
 * score and events. rivers keeps them per type as loaded, and its water
 * floods the map (the plays must reach FLOOD sprites: the lookups ran on
 * crowded lists); the others are games whose lookups take the lists
 * (crowded cells, many sprites), forced per type. A failure names the
 * game, level, seed and tick.
 *
 * Default: seeds 2-3, 1,250 ticks a play; VGDL_SLOW=1: seeds 2-9, 3,000.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differ.h"

#define FLOOD 1000

/* The most changing sprites a state held (play_differential's 'each'). */
static void note_most(const vg_state *s, void *most) {
    if (s->n > *(uint32_t *)most) *(uint32_t *)most = s->n;
}

/* Plays 'ticks' random ticks of GVGAI's game 'name' on level 'lvl' from
 * 'seed', with the cell lists per type and without; returns the most
 * changing sprites a state held. */
static uint32_t play_both(const char *name, int lvl, uint64_t seed, int ticks) {
    char path[64], level[64], label[96];
    snprintf(path, sizeof path, "gvgai/%s.txt", name);
    snprintf(level, sizeof level, "gvgai/%s_lvl%d.txt", name, lvl);
    snprintf(label, sizeof label, "%s level %d", name, lvl);
    vg_game *g = load_game(path, level), *plain = load_game(path, level);
    game_cells_typed(g, 1);
    game_cells_typed(plain, 0);
    assert_true(g->cells_typed); /* its heads fit */
    uint32_t most = 0;
    play_differential(g, plain, seed, ticks, label, note_most, &most);
    vg_game_free(g), vg_game_free(plain);
    return most;
}

static int slow(void) { return getenv("VGDL_SLOW") != NULL; }

/* rivers: per type as loaded (a Spreader fed by a SpawnPoint of no total). */
static void test_rivers(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/rivers.txt", "gvgai/rivers_lvl0.txt");
    assert_true(g->cells_stack && g->cells_typed);
    vg_game_free(g);
    uint32_t most = 0;
    for (int lvl = 0; lvl < 5; lvl++)
        for (uint64_t seed = 2; seed < (slow() ? 10u : 4u); seed++) {
            uint32_t m = play_both("rivers", lvl, seed, slow() ? 3000 : 1250);
            most = m > most ? m : most;
        }
    printf("# rivers: at most %u changing sprites\n", most);
    assert_true(most >= FLOOD); /* a flood: lookups in crowded cells */
}

/* Games whose lookups take the cell lists, forced per type. */
static void test_forced(void **state) {
    (void)state;
    static const char *const games[] = {"boulderchase", "themole", "run", "blacksmoke", "dungeon", "fireman", "lasers"};
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++)
        for (uint64_t seed = 2; seed < (slow() ? 10u : 3u); seed++) play_both(games[k], 0, seed, slow() ? 3000 : 1000);
}

/* A game whose sprites stack without bound only in some is per type as loaded. */
static void test_loaded(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/boulderchase.txt", "gvgai/boulderchase_lvl0.txt");
    assert_false(g->cells_stack || g->cells_typed);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rivers),
        cmocka_unit_test(test_forced),
        cmocka_unit_test(test_loaded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
