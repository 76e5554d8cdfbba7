/* SPDX-License-Identifier: MIT
 *
 * test_bind.c -- the engine calling the script during play (bind.c):
 * custom Lua effects, terminations and heuristics work; an error in one,
 * a function that never returns, a read-only state written, a turn with
 * no legal move, a declaration during play and a handle or position no
 * sprite can have each end the game with no winner and an error naming
 * the script line, at once. Names (of variables, types) are found again
 * by their string's address: many names, each asked many times, give
 * their own values; a number or an unknown name is still refused.
 * A type's update function runs for each of its sprites every tick, in
 * GVGAI's update order, under the same limits as an effect.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#define SCRIPTS      "tests/fixtures/scripts/"
#define TINY_MAP     "tests/fixtures/maps/tiny.txt"
#define MUSHROOM_MAP "tests/fixtures/maps/mushroom_row.txt"

static void advance_ok(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    vg_status st = vg_advance(g, s, a, &err);
    if (st != VG_OK) print_error("tick %d: %s:%d: %s\n", vg_tick(s), err.file, err.line, err.msg);
    assert_int_equal(st, VG_OK);
}

/* custom.lua: eating the mushroom scores 10 and removes it; the game is lost at tick 3. */
static void test_custom_effect_and_termination(void **state) {
    (void)state;
    vg_game *g = load_game(fixture_script("custom.lua"), MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    int mushroom = vg_type_find(g, "mushroom");
    assert_true(mushroom >= 0);
    vg_obs obs[4];
    assert_int_equal(vg_sprites_of(g, s, mushroom, NULL, obs, 4), 1);

    advance_ok(g, s, VG_ACTION_RIGHT);
    double x, y;
    assert_true(vg_avatar_pos(g, s, &x, &y));
    assert_true(x == 2 && y == 1);
    assert_true(vg_score(s) == 10);
    assert_int_equal(vg_sprites_of(g, s, mushroom, NULL, obs, 4), 0);
    assert_false(vg_is_over(s));
    vg_event ev[VG_MAX_EVENTS];
    int nev = vg_events(g, s, ev, VG_MAX_EVENTS), seen = 0;
    for (int k = 0; k < nev && k < VG_MAX_EVENTS; k++) seen |= ev[k].passive_type == mushroom;
    assert_true(seen);

    advance_ok(g, s, VG_ACTION_NIL);
    assert_false(vg_is_over(s));
    advance_ok(g, s, VG_ACTION_NIL);
    assert_int_equal(vg_tick(s), 3);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_true(vg_score(s) == 10);
    vg_state_free(s);
    vg_game_free(g);
}

/* A custom effect raising an error: VG_ERR_SCRIPT naming its line; the state is over with no winner. */
static void test_effect_error(void **state) {
    (void)state;
    vg_game *g = load_game(fixture_script("effect_error.lua"), MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    advance_ok(g, s, VG_ACTION_NIL);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_ERR_SCRIPT);
    expect_error_at(&err, "effect_error.lua", "the mushroom effect failed", NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    /* It stays over: advancing again changes nothing. */
    uint64_t h = vg_state_hash(s);
    int tick = vg_tick(s);
    assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, NULL), VG_OK);
    assert_int_equal(vg_tick(s), tick);
    assert_true(vg_state_hash(s) == h);
    /* The game itself is still usable: a fresh state plays. */
    vg_state *s2 = vg_state_new(g, 1);
    advance_ok(g, s2, VG_ACTION_NIL);
    assert_false(vg_is_over(s2));
    /* ... and a NULL error pointer is allowed. */
    assert_int_equal(vg_advance(g, s2, VG_ACTION_RIGHT, NULL), VG_ERR_SCRIPT);
    assert_true(vg_is_over(s2));
    vg_state_free(s2);
    vg_state_free(s);
    vg_game_free(g);
}

/* A custom effect that never returns is stopped by the per-call budget, quickly. */
static void test_effect_endless_loop(void **state) {
    (void)state;
    vg_game *g = load_game(fixture_script("effect_loop.lua"), MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    double t0 = now_seconds();
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_ERR_SCRIPT);
    assert_true(now_seconds() - t0 < 3);
    expect_error_at(&err, "effect_loop.lua", "too long", NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    vg_state_free(s);
    vg_game_free(g);
}

/* A custom termination raising an error fails the first tick. */
static void test_termination_error(void **state) {
    (void)state;
    vg_game *g = load_game(fixture_script("termination_error.lua"), MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_ERR_SCRIPT);
    expect_error_at(&err, "termination_error.lua", "no_such_method", NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    vg_state_free(s);
    vg_game_free(g);
}

/* heuristic(state) from the script: 100 * score + 10 * y - x. */
static void test_heuristic(void **state) {
    (void)state;
    vg_game *g = load_game(fixture_script("heuristic.lua"), MUSHROOM_MAP);
    assert_int_equal(vg_game_has_heuristic(g), 1);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    double h = vg_heuristic(g, s, &err);
    if (h != 10 * 1 - 1) print_error("heuristic at the start: %g (%s)\n", h, err.msg);
    assert_true(h == 10 * 1 - 1);
    advance_ok(g, s, VG_ACTION_RIGHT); /* onto the mushroom: +1 */
    assert_true(vg_score(s) == 1);
    h = vg_heuristic(g, s, &err);
    assert_true(h == 100 * 1 + 10 * 1 - 2);
    vg_state_free(s);
    vg_game_free(g);

    /* A script without one: the score stands in. */
    g = load_game(fixture_script("custom.lua"), "levels/bait/lvl0.txt");
    assert_int_equal(vg_game_has_heuristic(g), 0);
    s = vg_state_new(g, 1);
    assert_true(vg_heuristic(g, s, NULL) == vg_score(s));
    vg_state_free(s);
    vg_game_free(g);
}

/* Sixteen variables and two types named over and over (the second round
 * on, from the name cache); a number where a name goes, or an unknown
 * name, still raises its error (asserted in the script: it returns -1
 * otherwise). */
static void test_names_found_again(void **state) {
    (void)state;
    static const char lua[] =
        "sprite { 'floor', 'Immovable', hidden = true }\n"
        "sprite { 'avatar', 'MovingAvatar' }\n"
        "sprite { 'wall', 'Immovable' }\n"
        "map { 'A', 'avatar', 'floor' }\n"
        "map { '.', 'floor' }\n"
        "map { 'w', 'wall' }\n"
        "for k = 0, 15 do variable { 'v' .. k, k * 10 } end\n"
        "local function refused(f, arg, words)\n"
        "    local ok, msg = pcall(f, arg)\n"
        "    return not ok and msg:find(words, 1, true) ~= nil\n"
        "end\n"
        "function heuristic(s)\n"
        "    local sum = 0\n"
        "    for round = 1, 3 do\n"
        "        for k = 15, 0, -1 do sum = sum + s:var('v' .. k) end\n"
        "        sum = sum + 1000 * s:count('wall') + 100000 * s:count('avatar')\n"
        "    end\n"
        "    local ok = refused(function(x) return s:var(x) end, 7, 'string expected')\n"
        "        and refused(function(x) return s:var(x) end, 'v16', \"unknown variable 'v16'\")\n"
        "        and refused(function(x) return s:count(x) end, {}, 'string expected')\n"
        "        and refused(function(x) return s:count(x) end, 'wal', \"unknown sprite type 'wal'\")\n"
        "    return ok and sum or -1\n"
        "end\n";
    vg_game *g = load_lua_ok(lua, "wwww\nwA.w\nwwww\n");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    for (int k = 0; k < 2; k++) {
        double h = vg_heuristic(g, s, &err);
        if (h != 3 * (1200 + 1000 * 10 + 100000)) print_error("heuristic: %g (%s)\n", h, err.msg);
        assert_true(h == 3 * (1200 + 1000 * 10 + 100000));
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* A heuristic gets a read-only state: changing it is an error, the score is returned, the state is unchanged. */
static void test_heuristic_read_only(void **state) {
    (void)state;
    vg_game *g = load_game(fixture_script("heuristic_readonly.lua"), MUSHROOM_MAP);
    assert_int_equal(vg_game_has_heuristic(g), 1);
    vg_state *s = vg_state_new(g, 1);
    advance_ok(g, s, VG_ACTION_RIGHT);
    uint64_t before = vg_state_hash(s);
    vg_error err = {0};
    double h = vg_heuristic(g, s, &err);
    assert_true(h == vg_score(s));
    assert_true(vg_score(s) == 1);
    assert_true(vg_state_hash(s) == before);
    expect_error_at(&err, "heuristic_readonly.lua", "read-only", NULL);
    assert_true(vg_heuristic(g, s, NULL) == vg_score(s)); /* no error record: still the score */
    assert_true(vg_state_hash(s) == before);
    vg_state_free(s);
    vg_game_free(g);
}

/* Errors that only play can meet: each ends the game with no winner and
 * names the script line, at once (none of them may hang or crash). */
static void expect_play_error(const char *fixture, const char *kw) {
    char path[512];
    snprintf(path, sizeof path, SCRIPTS "%s", fixture);
    vg_game *g = load_game(path, TINY_MAP);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, &err), VG_ERR_SCRIPT);
    expect_error_at(&err, fixture, kw, NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_turn_without_a_legal_move(void **state) {
    (void)state;
    expect_play_error("turns_no_legal.lua", "no move for agent 0");
    expect_play_error("turns_legal_error.lua", "no moves today");
}

/* A move that creates more sprites than a state has room for fails the
 * turn with the limit's error, as an effect's would (it was lost). */
static void test_apply_full_state(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'cell', 'Immovable', hidden = true }\n"
                             "sprite { 'disc', 'Immovable', dynamic = true }\n"
                             "map { '.', 'cell' }\n"
                             "turns { moves = { 'fill' }, legal = function(s, a) return { 'fill' } end,\n"
                             "        apply = function(s, a, m) for k = 1, 100 do s:spawn('disc', 0, 0) end end }\n",
                             "..\n..\n");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    vg_status st = vg_play(g, s, 0, 0, &err);
    if (st == VG_OK || !strstr(err.msg, "sprite limit reached")) print_error("status %d: %s\n", (int)st, err.msg);
    assert_int_not_equal(st, VG_OK);
    assert_non_null(strstr(err.msg, "sprite limit reached"));
    assert_int_equal(err.line, 5);
    assert_true(vg_is_over(s));
    vg_state_free(s);
    vg_game_free(g);
}

static void test_declaration_during_play(void **state) {
    (void)state;
    expect_play_error("declare_in_play.lua", "only while the script loads");
}

/* Handles and positions no sprite can have, and numbers that are not
 * finite (a score of NaN), are errors, not undefined behaviour (UBSan
 * checks the casts) nor a state no trace can print. */
static void test_bad_positions(void **state) {
    (void)state;
    static const char *const why[] = {"not a sprite handle",
                                      "out of range",
                                      "out of range",
                                      "out of range",
                                      "out of range",
                                      "#1 to 'add_score' (must be a finite number)",
                                      "must be a finite number",
                                      "must be a finite number",
                                      "#1 to 'add_score' (makes the score too large)",
                                      "must be a finite number",
                                      "must be from 0 to 100",
                                      "must be a finite number",
                                      "number has no integer representation",
                                      "number has no integer representation"};
    vg_game *g = load_game_text(SCRIPTS "bad_positions.lua", "wwwww\nwAb.w\nwwwww\n");
    for (int c = 1; c <= (int)(sizeof why / sizeof why[0]); c++) {
        vg_state *s = vg_state_new(g, 1);
        vg_error err = {0};
        vg_set_var(s, vg_var_find(g, "case"), c);
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_ERR_SCRIPT);
        if (!strstr(err.msg, why[c - 1])) print_error("case %d: %s\n", c, err.msg);
        assert_non_null(strstr(err.msg, why[c - 1]));
        vg_state_free(s);
    }
    vg_game_free(g);
}

/* The next tick stops for the window of script work (the message says so). */
static void window_stops(vg_game *g, vg_state *s) {
    vg_error err = {0};
    vg_status st = vg_advance(g, s, VG_ACTION_NIL, &err);
    if (st != VG_ERR_SCRIPT || !strstr(err.msg, "for this decision")) print_error("status %d: %s\n", (int)st, err.msg);
    assert_int_equal(st, VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, "for this decision"));
}

/* A window of script work caps what all calls together spend (one agent
 * decision); closing it lifts the cap. */
static void test_script_window(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "costly_termination.lua", TINY_MAP);
    vg_state *s = vg_state_new(g, 1);
    vg_script_window(g, 5000000, 0);
    advance_ok(g, s, VG_ACTION_NIL);
    advance_ok(g, s, VG_ACTION_NIL);
    window_stops(g, s);
    vg_state_free(s);
    vg_script_window(g, 0, 0);
    s = vg_state_new(g, 1);
    for (int k = 0; k < 4; k++) advance_ok(g, s, VG_ACTION_NIL);
    vg_script_window(g, 0, 0.001); /* a millisecond: the tick's two million instructions take longer */
    window_stops(g, s);
    vg_state_free(s);
    vg_game_free(g);
}

/* sprite{}'s update: once a tick for each sprite of its type, after its
 * class's update (the Missile has moved when its update looks), in
 * GVGAI's order (the avatar first, then types in reverse declaration
 * order, sprites by id); a classless type is an Immovable whose update is
 * the function; subtypes inherit it; what it creates counts towards a
 * state's room like an effect's. */
static void test_update(void **state) {
    (void)state;
    static const char lua[] = "game { square_size = 10 }\n"
                              "sprite { 'floor', 'Immovable', hidden = true }\n"
                              "sprite { 'wall', 'Immovable' }\n"
                              "variable { 'log' } variable { 'seen' } variable { 'made' }\n"
                              "local function note(s, k) s:set_var('log', (s:var('log') * 10 + k) % 100000000) end\n"
                              "sprite { 'first', 'Missile', orientation = 'RIGHT', update = function(s, p)\n"
                              "    note(s, 1) s:set_var('seen', math.max(s:var('seen'), s:pos(p))) end }\n"
                              "sprite { 'second', update = function(s, p) note(s, 2) end }\n"
                              "sprite { 'third', parent = 'second' }\n"
                              "sprite { 'maker', update = function(s, p)\n"
                              "    if s:spawn('first', 1, 2) then s:set_var('made', s:var('made') + 1) end end }\n"
                              "sprite { 'avatar', 'MovingAvatar', update = function(s, p) note(s, 3) end }\n"
                              "map { 'A', 'avatar', 'floor' }\n"
                              "map { 'f', 'first', 'floor' }\n"
                              "map { 't', 'third', 'floor' }\n"
                              "map { 'm', 'maker', 'floor' }\n"
                              "map { '.', 'floor' }\n"
                              "map { 'w', 'wall' }\n"
                              "interaction { 'first', 'wall', 'killSprite' }\n";
    vg_game *g = load_lua_ok(lua, "wwwwwwww\nwAt.f.tw\nw.....mw\nwwwwwwww\n");
    vg_state *s = vg_state_new(g, 1);
    int log = vg_var_find(g, "log"), seen = vg_var_find(g, "seen"), made = vg_var_find(g, "made");
    advance_ok(g, s, VG_ACTION_NIL);
    /* the avatar; maker (which makes a 'first'), the two thirds (second's
     * update), then the firsts: the map's, and the new one (made by a type
     * that updates before its own: it updates in this tick, as in GVGAI) */
    assert_int_equal(vg_var(s, log), 32211);
    assert_int_equal(vg_var(s, seen), 4); /* a Missile starts moving in its second tick */
    assert_int_equal(vg_var(s, made), 1);
    vg_set_var(s, log, 0);
    advance_ok(g, s, VG_ACTION_NIL);
    assert_int_equal(vg_var(s, log), 322111);
    assert_int_equal(vg_var(s, seen), 5); /* it moved (its class's update) before its update looked */
    for (int k = 0; k < 200 && !vg_is_over(s); k++) advance_ok(g, s, VG_ACTION_NIL);
    assert_int_equal(vg_var(s, made), 202); /* one a tick, with room for them all */
    vg_state_free(s);
    vg_game_free(g);

    /* an update that never returns is stopped like an effect */
    g = load_lua_ok("sprite { 'floor', 'Immovable', hidden = true }\n"
                    "sprite { 'wall', 'Immovable' }\n"
                    "sprite { 'spin', update = function(s, p) while true do end end }\n"
                    "sprite { 'avatar', 'MovingAvatar' }\n"
                    "map { 'A', 'avatar', 'floor' } map { 'x', 'spin', 'floor' } map { 'w', 'wall' }\n",
                    "wwww\nwAxw\nwwww\n");
    s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, "too long"));
    assert_int_equal(err.line, 3);
    assert_true(vg_is_over(s));
    vg_state_free(s);
    vg_game_free(g);
    load_lua_error("sprite { 'x', 'Immovable', update = 3 }\n", "x\n", 1, "'update' must be a function");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_custom_effect_and_termination),
        cmocka_unit_test(test_effect_error),
        cmocka_unit_test(test_effect_endless_loop),
        cmocka_unit_test(test_termination_error),
        cmocka_unit_test(test_heuristic),
        cmocka_unit_test(test_heuristic_read_only),
        cmocka_unit_test(test_turn_without_a_legal_move),
        cmocka_unit_test(test_declaration_during_play),
        cmocka_unit_test(test_apply_full_state),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_script_window),
        cmocka_unit_test(test_names_found_again),
        cmocka_unit_test(test_update),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
