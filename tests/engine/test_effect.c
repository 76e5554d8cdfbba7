/* SPDX-License-Identifier: MIT
 *
 * test_effect.c -- the effect table and running one row
 * (engine/effect.c):
 *
 * 1. EFFECT_LIST is the one list: every row has a distinct name that
 *    effect_find finds back, a function, and flags consistent with what
 *    game_finish derives from them; a script effect may do anything.
 * 2. effect_apply adds the row's score each time it runs, and records an
 *    avatar collision as an event with the avatar first, whichever side
 *    of the row it is on; collisions without the avatar record none.
 * 3. Every row's flags hold: each row runs on probe states (a small game
 *    whose one rule is the row, the two sprites just moved onto one cell,
 *    bystanders around) and does nothing its flags do not say -- it moves,
 *    changes or kills the first or second sprite only with FX_MOVE1,
 *    FX_KILL1 ..., acts on any other sprite or rule only with FX_OTHERS,
 *    creates with FX_CREATES (more than it kills: FX_ADDS), changes health,
 *    speed, resources with FX_HEALTH, FX_SPEED, FX_RESOURCE -- and keeps
 *    the promises of FX_VALUES1/2, FX_UNDO, FX_PUSH, FX_REPLACES, FX_SURE;
 *    every kill, creation and act beyond the pair a row's flags claim shows
 *    in one of its probes.
 * (What each family of effects does: test_effect_kill.c,
 * test_effect_spawn.c, test_effect_move.c, test_effect_resource.c,
 * test_effect_timer.c, test_effect_wall.c.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "effect.h"

static void test_table(void **state) {
    (void)state;
    const char *names[NUM_EFFECTS + 1];
    assert_int_equal(effect_names(names, NUM_EFFECTS + 1), NUM_EFFECTS);
    assert_int_equal(effect_names(names, 3), 3);
    effect_names(names, NUM_EFFECTS);
    for (int k = 0; k < NUM_EFFECTS; k++) {
        assert_int_equal(effect_find(names[k]), k);
        assert_string_equal(effect_name(k), names[k]);
        assert_non_null(effect_table[k].fn);
        for (int j = 0; j < k; j++) assert_true(strcmp(names[j], names[k]) != 0);
    }
    assert_int_equal(effect_find("killsprite"), -1); /* names are case-sensitive, as GVGAI's */
    assert_int_equal(effect_find(""), -1);
    assert_true(effect_flags(effect_find("killBoth")) & FX_KILL2);
    assert_false(effect_flags(effect_find("killSprite")) & (FX_KILL2 | FX_MOVE1 | FX_CREATES));
    assert_true(effect_flags(effect_find("spawn")) & FX_CREATES);
    assert_true(effect_flags(EFFECT_SCRIPT) & FX_CREATES);
    assert_string_equal(effect_name(EFFECT_SCRIPT), "a script effect");
}

/* The avatar walks right onto a coin (the avatar second in its row) and
 * a gem (first in its row, which only scores); below, a still rock lies
 * on a gem (a row without the avatar: it scores, but is no event). */
static void test_score_and_events(void **state) {
    (void)state;
    vg_game *g =
        load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'coin', 'Immovable' }\n"
                    "sprite { 'gem', 'Immovable' }\nsprite { 'rock', 'Missile', speed = 0 }\n"
                    "map { 'A', 'avatar' }\nmap { 'c', 'coin' }\nmap { 'g', 'gem' }\nmap { 'x', 'rock', 'gem' }\n"
                    "map { '.' }\n"
                    "interaction { 'coin', 'avatar', 'killSprite', scoreChange = 2 }\n"
                    "interaction { 'avatar', 'gem', 'scoreChange', scoreChange = -1 }\n"
                    "interaction { 'rock', 'gem', 'scoreChange', scoreChange = 100 }\n",
                    "Acg.\n"
                    "..x.");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    vg_event ev[4];
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
    assert_true(vg_score(s) == 102);
    assert_int_equal(vg_events(g, s, ev, 4), 1);
    assert_int_equal(ev[0].active_type, vg_type_find(g, "avatar"));
    assert_int_equal(ev[0].passive_type, vg_type_find(g, "coin"));
    assert_true(ev[0].x == 1 && ev[0].y == 0);
    assert_int_equal(ev[0].tick, 1);
    for (int k = 0; k < 2; k++) { /* on the gem, twice: -1 each tick, the rock 100 */
        assert_int_equal(vg_advance(g, s, k ? VG_ACTION_NIL : VG_ACTION_RIGHT, &err), VG_OK);
        assert_true(vg_score(s) == 102 + (k + 1) * 99);
        assert_int_equal(vg_events(g, s, ev, 4), 1);
        assert_int_equal(ev[0].passive_type, vg_type_find(g, "gem"));
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 3. Every row's flags, on probe states ----------------------------- */

/* A probe of one row: 'one' and 'two' come onto cell (2, 2) this tick, the
 * first from the side 'da' names (U: from above, D: from below, L, R; '-':
 * it was there, static), the second from 'db'; the row's parameters, and
 * the two types' declarations when not the default (ONE, TWO). */
typedef struct probe {
    const char *effect, *params, *one, *two;
    char da, db;
} probe;

#define ONE  "'Missile', speed = 1, orientation = 'UP', healthPoints = 3, limitHealthPoints = 9"
#define TWO  "'Missile', speed = 1, orientation = 'RIGHT'"
#define RES  "'Resource', value = 1, limit = 5, dynamic = true" /* the probe moves it: no speed, nothing else does */
#define CONT "'Missile', physicstype = 'CONT', orientation = 'DOWN', speed = 3"
#define WALL "'Immovable'"

static const probe probes[] = {
    {"scoreChange", "", NULL, NULL, 'U', 'L'},
    {"killSprite", "", NULL, NULL, 'U', 'L'},
    {"killBoth", "", NULL, NULL, 'U', 'L'},
    {"killAll", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"killIfAlive", "", NULL, NULL, 'U', 'L'},
    {"killIfFromAbove", "", NULL, NULL, 'R', 'U'},
    {"killIfFrontal", "", NULL, NULL, 'L', 'R'},
    {"killIfNotFrontal", "", NULL, NULL, 'U', 'L'},
    {"killIfHasLess", "resource = 'gold', limit = 1", NULL, NULL, 'U', 'L'},
    {"killIfHasMore", "resource = 'gold', limit = 0", NULL, NULL, 'U', 'L'},
    {"killIfOtherHasMore", "resource = 'gold', limit = 0, subtract = true", NULL, NULL, 'U', 'L'},
    {"removeScore", "killSecond = true", NULL, NULL, 'U', 'L'},
    {"shieldFrom", "stype = 'two', ftype = 'killSprite'", NULL, NULL, 'U', 'L'},
    {"transformTo", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"transformTo", "stype = 'target', killSecond = true", NULL, NULL, 'U', 'L'},
    {"transformToAll", "stype = 'target', stypeTo = 'other'", NULL, NULL, 'U', 'L'},
    {"transformToRandomChild", "stype = 'kind'", NULL, NULL, 'U', 'L'},
    {"transformIfCount", "stype = 'target', stypeCount = 'target', geq = 0", NULL, NULL, 'U', 'L'},
    {"transformToSingleton", "stype = 'target', stype_other = 'other'", NULL, NULL, 'U', 'L'},
    {"spawn", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"spawnIfHasMore", "stype = 'target', resource = 'gold', limit = 0", NULL, NULL, 'U', 'L'},
    {"spawnIfHasLess", "stype = 'target', resource = 'gold', limit = 1", NULL, NULL, 'U', 'L'},
    {"spawnIfCounterSubTypes", "stype = 'target', stypeCount = 'target', limit = 0, estype = 'other'", NULL, NULL, 'U',
     'L'},
    {"spawnAbove", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"spawnBelow", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"spawnLeft", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"spawnRight", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"spawnBehind", "stype = 'target'", NULL, NULL, 'U', 'L'},
    {"cloneSprite", "", NULL, NULL, 'U', 'L'},
    {"updateSpawnType", "spawnPoint = 'spawner', stype = 'other'", NULL, NULL, 'U', 'L'},
    {"stepBack", "", NULL, NULL, 'U', 'L'},
    {"stepBack", "pixelPerfect = true", NULL, NULL, 'U', 'L'},
    {"bounceForward", "", NULL, NULL, 'U', 'L'},
    {"undoAll", "", NULL, NULL, 'U', 'L'},
    {"wrapAround", "", NULL, NULL, 'U', 'L'},
    {"reverseDirection", "", NULL, NULL, 'U', 'L'},
    {"flipDirection", "", NULL, NULL, 'U', 'L'},
    {"turnAround", "", NULL, NULL, 'U', 'L'},
    {"attractGaze", "prob = 1", NULL, NULL, 'U', 'L'},
    {"align", "", NULL, NULL, 'U', 'L'},
    {"teleportToExit", "", NULL, "'Portal', stype = 'exit'", 'U', '-'},
    {"teleportToExit", "", NULL, "'Portal', stype = 'nothing'", 'U', '-'},
    {"pullWithIt", "", NULL, NULL, 'U', 'L'},
    {"changeResource", "resource = 'gold', value = 2", NULL, NULL, 'U', 'L'},
    {"changeResource", "resource = 'gold', value = 9, killResource = true", NULL, NULL, 'U', 'L'},
    {"collectResource", "", RES, NULL, 'U', 'L'},
    {"collectResourceIfHeld", "heldResource = 'gold', value = 0", RES, NULL, 'U', 'L'},
    {"addHealthPoints", "value = 1", NULL, NULL, 'U', 'L'},
    {"addHealthPointsToMax", "value = 1", NULL, NULL, 'U', 'L'},
    {"subtractHealthPoints", "value = 5", NULL, NULL, 'U', 'L'},
    {"subtractHealthPoints", "value = 5, stype = 'target'", NULL, NULL, 'U', 'L'},
    {"setSpeedForAll", "stype = 'target', value = 2", NULL, NULL, 'U', 'L'},
    {"increaseSpeedToAll", "stype = 'target', value = 2", NULL, NULL, 'U', 'L'},
    {"decreaseSpeedToAll", "stype = 'target', value = 1", NULL, NULL, 'U', 'L'},
    {"halfSpeed", "", NULL, NULL, 'U', 'L'},
    {"addTimer", "timer = 2, ftype = 'transformToAll', stype = 'target', stypeTo = 'other'", NULL, NULL, 'U', 'L'},
    {"wallStop", "", CONT, WALL, 'U', '-'},
    {"wallBounce", "", CONT, WALL, 'U', '-'},
    {"wallReverse", "", CONT, WALL, 'U', '-'},
    {"bounceDirection", "", CONT, WALL, 'U', '-'},
    {"killIfSlow", "limspeed = 100", CONT, WALL, 'U', '-'},
    {"killIfFast", "limspeed = 1", CONT, WALL, 'U', '-'},
    {"killIfNotUpright", "", CONT, WALL, 'U', '-'},
};

enum { PX = 10, AT = 2 * PX }; /* pixels a cell; where the two meet: cell (2, 2) */

/* FX_* bits by name, for messages: "FX_KILL2 FX_OTHERS" (a static buffer). */
static const char *fx(unsigned f) {
    static const char *const names[] = {"MOVE1", "MOVE2",    "KILL1",   "KILL2", "CREATES", "NEEDS2", "HEALTH",
                                        "SPEED", "RESOURCE", "BATCH",   "ADDS",  "OTHERS",  "UNDO",   "REPLACES",
                                        "PUSH",  "VALUES1",  "VALUES2", "SURE",  "CLONES"};
    static char buf[256];
    size_t n = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (f >> k & 1) n += (size_t)snprintf(buf + n, sizeof buf - n, "%sFX_%s", n ? " " : "", names[k]);
    return buf;
}

/* The cell a sprite coming from side 'd' onto (2, 2) started in. */
static void start_cell(char d, int *x, int *y) {
    *x = 2 - (d == 'L') + (d == 'R');
    *y = 2 + (d == 'D') - (d == 'U');
}

/* The probe's game: its row between 'one' and 'two' (A: the avatar; 1, 2:
 * one and two, the first of each where it starts; t: targets; g: gold; x:
 * an exit; s: a spawner of targets; a second 'one' that moves this tick as
 * well). */
static vg_game *probe_game(const probe *p) {
    char map[7][9], lua[2048];
    memset(map, '.', sizeof map);
    for (int y = 0; y < 7; y++) map[y][8] = '\n';
    map[6][8] = '\0';
    int ax, ay, bx, by;
    start_cell(p->da, &ax, &ay);
    start_cell(p->db, &bx, &by);
    map[0][0] = 'A', map[ay][ax] = '1', map[by][bx] = ax == bx && ay == by ? 'c' : '2';
    map[1][6] = '1', map[4][5] = '2', map[4][4] = 't', map[5][6] = 't', map[5][0] = 'g', map[6][7] = 'x',
    map[6][2] = 's';
    snprintf(
        lua, sizeof lua,
        "game { square_size = %d }\n"
        "sprite { 'avatar', 'MovingAvatar' }\n"
        "sprite { 'one', %s }\nsprite { 'two', %s }\n"
        "sprite { 'target', 'Missile', speed = 1, healthPoints = 3 }\nsprite { 'other', 'Missile', speed = 1 }\n"
        "sprite { 'kind', 'Missile', speed = 1 }\nsprite { 'kid', parent = 'kind' }\n"
        "sprite { 'gold', 'Resource', limit = 20 }\nsprite { 'exit', 'Immovable' }\nsprite { 'nothing', 'Immovable' }\n"
        "sprite { 'spawner', 'SpawnPoint', stype = 'target' }\n"
        "map { 'A', 'avatar' }\nmap { '1', 'one' }\nmap { '2', 'two' }\nmap { 'c', 'one', 'two' }\n"
        "map { 't', 'target' }\nmap { 'g', 'gold' }\nmap { 'x', 'exit' }\nmap { 's', 'spawner' }\nmap { '.' }\n"
        "interaction { 'one', 'two', '%s'%s%s }\n",
        PX, p->one ? p->one : ONE, p->two ? p->two : TWO, p->effect, *p->params ? ", " : "", p->params);
    return load_lua_ok(lua, &map[0][0]);
}

/* The sprite of leaf 'type' (a reference) in cell (x, y) of the level's start. */
static int ref_at(const vg_game *g, const vg_state *s, int type, int x, int y) {
    sprite_walk w;
    walk_start(&w, g, s, 1ULL << type);
    for (int r, rx, ry; walk_next(&w, &r);)
        if (ref_pos(g, s, r, &rx, &ry), rx == x * PX && ry == y * PX) return r;
    fail_msg("no %s at (%d, %d)", g->types[type].name, x, y);
    return REF_NONE;
}

/* 1 when (x2, y2) lies on the way from (x1, y1) back to (x0, y0), both ends included. */
static int on_way_back(int x0, int y0, int x1, int y1, int x2, int y2) {
    long ux = x0 - x1, uy = y0 - y1, vx = x2 - x1, vy = y2 - y1;
    return ux * vy == uy * vx && ux * vx + uy * vy >= 0 && vx * vx + vy * vy <= ux * ux + uy * uy;
}

/* What the row did to sprite 'r' (a changing one) from 'then' to 'now': FX_* bits, for a sprite of 'role' 1 (the
 * first), 2 (the second) or 0 (any other). */
static unsigned changes(const vg_game *g, const sprite *then, const sprite *now, int role, size_t stride) {
    unsigned did = 0, was = then->flags & (SP_KILLED | SP_DISABLED), is = now->flags & (SP_KILLED | SP_DISABLED);
    sprite a = *then, b = *now;
    a.flags = b.flags = 0;
    int moved = memcmp(&a, &b, sizeof a) != 0 || memcmp(then + 1, now + 1, stride - sizeof *then) != 0;
    const unsigned kill[] = {FX_OTHERS, FX_KILL1, FX_KILL2}, move[] = {FX_OTHERS, FX_MOVE1, FX_MOVE2};
    if (is && !was) did |= kill[role];
    if (moved) did |= move[role];
    static const int exts[] = {EXT_HEALTH, EXT_SPEED, EXT_RESOURCES};
    static const unsigned bits[] = {FX_HEALTH, FX_SPEED, FX_RESOURCE};
    for (int k = 0; k < 3; k++) {
        const char *x = sprite_ext(g, then, exts[k]), *y = sprite_ext(g, now, exts[k]);
        size_t n = exts[k] == EXT_HEALTH ? 4 : exts[k] == EXT_SPEED ? 8 : 2 + 2 * (size_t)g->nres;
        if (x && memcmp(x, y, n) != 0) did |= bits[k];
    }
    return did;
}

/* A probe's run: its game, the tick in progress, the state before the
 * row ran and after it, and the two sprites (references). */
typedef struct run {
    vg_game *g;
    tick_ctx *t;
    vg_state *s, *before;
    int a, b;
    unsigned timers, shields;
    vg_error err;
} run;

/* Sets probe 'p' up and runs its row on the two sprites once they (and a bystander) moved. */
static void run_row(const probe *p, run *r) {
    int ax, ay, bx, by;
    vg_game *g = r->g = probe_game(p);
    vg_state *s = r->s = vg_state_new(g, 1);
    start_cell(p->da, &ax, &ay);
    start_cell(p->db, &bx, &by);
    int one = vg_type_find(g, "one"), c = ref_at(g, s, one, 6, 1);
    r->a = ref_at(g, s, one, ax, ay), r->b = ref_at(g, s, vg_type_find(g, "two"), bx, by);
    assert_non_null(r->t = malloc(sizeof *r->t));
    tick_begin(r->t, g, s, &r->err);
    if (r->a >= 0) tick_set_pos(r->t, r->a, AT, AT);
    if (r->b >= 0) tick_set_pos(r->t, r->b, AT, AT);
    tick_set_pos(r->t, c, 6 * PX, 2 * PX);
    r->before = vg_state_new(g, 1);
    vg_state_copy(r->before, s);
    r->timers = s->timers, r->shields = (unsigned)r->t->nshields;
    effect_apply(r->t, &g->effects[0], r->a, r->b);
    assert_int_equal(r->t->status, VG_OK);
}

/* What run 'r' did: FX_* bits (FX_KILL1: it killed the first sprite, ...);
 * '*made' sprites created, '*replaced' one where the first was. Moves not
 * back the way they came fail the test under FX_UNDO. */
static unsigned what_it_did(const probe *p, const run *r, int *made, int *replaced) {
    const vg_game *g = r->g;
    const vg_state *s = r->s, *before = r->before;
    const effect_def *e = &g->effects[0];
    unsigned did = s->timers > r->timers || (unsigned)r->t->nshields > r->shields ? FX_OTHERS : 0;
    int killed = 0;
    for (uint32_t i = 0; i < before->n; i++) {
        const sprite *then = state_sprite(before, i), *now = state_sprite(s, i);
        int role = (int)i == r->a ? 1 : (int)i == r->b ? 2 : 0, x0, y0;
        unsigned d = changes(g, then, now, role, s->stride);
        did |= d;
        killed += (d & (FX_KILL1 | FX_KILL2)) || ((d & FX_OTHERS) && (now->flags & (SP_KILLED | SP_DISABLED)));
        tick_last_pos(r->t, (int)i, &x0, &y0);
        if ((e->flags & FX_UNDO) && (then->x != now->x || then->y != now->y) &&
            !on_way_back(x0, y0, then->x, then->y, now->x, now->y))
            fail_msg("%s: moves a sprite otherwise than back the way it came", p->effect);
    }
    for (int q = -1; q >= -(int)g->static_start[g->w * g->h]; q--)
        if (tick_killed(r->t, q)) did |= q == r->a ? FX_KILL1 : q == r->b ? FX_KILL2 : FX_OTHERS, killed++;
    uint64_t named =
        (e->stype >= 0 ? g->types[e->stype].subtypes : 0) | (e->stype_to >= 0 ? g->types[e->stype_to].subtypes : 0);
    const sprite *pa = r->a >= 0 ? state_sprite(before, (uint32_t)r->a) : NULL;
    *made = (int)(s->n - before->n), *replaced = 0;
    for (uint32_t i = before->n; i < s->n; i++) {
        const sprite *q = state_sprite(s, i);
        if (pa && q->type == pa->type) did |= FX_CLONES;
        else if (!(named >> q->type & 1))
            fail_msg("%s: creates a %s, which it does not name", p->effect, g->types[q->type].name);
        *replaced |= pa && q->x == pa->x && q->y == pa->y;
    }
    if (*made) did |= FX_CREATES | (*made > killed ? FX_ADDS : 0);
    return did;
}

/* Runs probe 'p': what its row did is what its flags say, and their promises hold. Returns what it did. */
static unsigned check_probe(const probe *p) {
    run r = {0};
    int made, replaced;
    run_row(p, &r);
    unsigned f = r.g->effects[0].flags, did = what_it_did(p, &r, &made, &replaced);
    unsigned covered = f | (f & FX_REPLACES ? FX_KILL1 : 0);
    if ((f & (FX_UNDO | FX_OTHERS)) == (FX_UNDO | FX_OTHERS)) covered |= FX_MOVE1 | FX_MOVE2; /* back, as checked */
    if (did & ~covered) fail_msg("%s (%s): did %s, beyond its flags", p->effect, p->params, fx(did & ~covered));
    const sprite *pa = r.a >= 0 ? state_sprite(r.s, (uint32_t)r.a) : NULL;
    if ((f & FX_VALUES1) && pa && (pa->x != AT || pa->y != AT))
        fail_msg("%s: FX_VALUES1, yet it moves the first", p->effect);
    if ((f & FX_PUSH) && pa && r.b >= 0) {
        int bx0, by0, dx = pa->x - AT, dy = pa->y - AT;
        tick_last_pos(r.t, r.b, &bx0, &by0);
        if (dx * (AT - by0) != dy * (AT - bx0))
            fail_msg("%s: FX_PUSH, yet it moves the first off the second's line", p->effect);
    }
    if ((f & FX_REPLACES) && (did & FX_KILL1) && !replaced)
        fail_msg("%s: kills the first, replacing it nowhere", p->effect);
    if ((f & FX_SURE) && (f & ~did & (FX_KILL1 | FX_KILL2)))
        fail_msg("%s: FX_SURE, yet one of the two lives", p->effect);
    if ((f & FX_SURE) && (f & (FX_REPLACES | FX_CLONES)) && !made)
        fail_msg("%s: FX_SURE, yet it creates none", p->effect);
    free(r.t);
    vg_state_free(r.before);
    vg_state_free(r.s);
    vg_game_free(r.g);
    return did;
}

static void test_flags_on_probes(void **state) {
    (void)state;
    unsigned shown[NUM_EFFECTS] = {0};
    int probed[NUM_EFFECTS] = {0};
    for (size_t k = 0; k < sizeof probes / sizeof probes[0]; k++) {
        int kind = effect_find(probes[k].effect);
        assert_true(kind >= 0);
        shown[kind] |= check_probe(&probes[k]);
        probed[kind] = 1;
    }
    for (int k = 0; k < NUM_EFFECTS; k++) { /* every row probed; what its flags claim shows */
        if (!probed[k]) fail_msg("no probe of %s", effect_name(k));
        unsigned missing = effect_table[k].flags & (FX_KILL1 | FX_KILL2 | FX_CREATES | FX_OTHERS) & ~shown[k];
        if (missing) fail_msg("%s: its flags claim %s, which no probe shows", effect_name(k), fx(missing));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_score_and_events),
        cmocka_unit_test(test_flags_on_probes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
