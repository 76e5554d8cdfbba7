/* SPDX-License-Identifier: MIT
 *
 * game_finish.c -- the last step of loading the rules: checks that need
 * the whole game, and the tables play derives from it, in phases:
 *
 *   1. the type tree: types named before they were declared, leaves,
 *      subtype sets, every leaf has a class, the avatar types; that it is
 *      a game at all; which types have continuous physics or a real
 *      orientation; every parameter applies to its class or effect;
 *   2. effects: each checked, then the pairs of types in the order GVGAI
 *      runs them (edge effects apart) and who has rules with whom;
 *   3. each leaf type's class check; which types never change (the
 *      static layer), which of those can die, and which types update by
 *      themselves, in what order (what path-finding chasers go around is
 *      read off the level: path.c);
 *   4. terminations; the players and GVGAI's game counters (variables);
 *   5. the glyph each type is drawn with;
 *   6. the layout of a changing sprite: its header, then the extension
 *      fields the rules need (health, own speed, resources, class words).
 */
#include <stdio.h>
#include <string.h>

#include "class.h"
#include "effect.h"
#include "param.h"
#include "term.h"

/* Phase 1. */
static vg_status finish_types(vg_game *g, vg_error *err) {
    for (int k = 0; k < g->nfixups; k++) { /* types named before they were declared */
        const struct fixup *f = &g->fixups[k];
        size_t at = (size_t)((char *)f->field - (char *)g->types);
        int owner = (int)(at / sizeof(type_def)), found = game_type_find(g, f->name);
        if (found < 0) { /* the value is wrong, not the parameter */
            game_error(g, err, VG_ERR_SCRIPT, f->line, "sprite parameter '%s': no sprite type is named '%s'", f->param,
                       f->name);
            const char *names[VG_MAX_TYPES];
            for (int t = 0; t < g->ntypes; t++) names[t] = g->types[t].name;
            error_suggest(err, f->name, names, g->ntypes);
            return VG_ERR_SCRIPT;
        }
        for (int t = owner; t < g->ntypes; t++) { /* descendants inherited the unresolved -1 */
            int *field = (int *)(void *)((char *)&g->types[t] + at % sizeof(type_def));
            if (t == owner || (vg_type_is_a(g, t, owner) && *field == -1)) *field = found;
        }
    }
    for (int t = 0; t < g->ntypes; t++) g->types[t].leaf = 1;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].parent >= 0) g->types[g->types[t].parent].leaf = 0;
    for (int t = 0; t < g->ntypes; t++) {
        type_def *td = &g->types[t];
        if (td->dx0 || td->dy0) td->oriented = 1; /* GVGAI: a sprite given an orientation is oriented */
        if (td->leaf && td->cls < 0 && td->update_ref) td->cls = CLS_Immovable; /* its update is all it does */
        if (td->leaf && td->cls < 0)
            return game_error(g, err, VG_ERR_SCRIPT, td->line,
                              "sprite '%s' needs a class (e.g. \"Immovable\"), its own or a parent's", td->name);
    }
    vg_status st = game_types_number(g, err); /* leaves first, when there are many types */
    if (st != VG_OK) return st;
    game_types_derive(g);
    for (int c = 0; c < 256; c++) { /* a map placing a type with subtypes: its own leaf */
        if (g->mapping[c][0] == MAP_UNDECLARED && game_type_find(g, g->map_undeclared[c]) >= 0)
            return game_error(g, err, VG_ERR_SCRIPT, g->mapping_line[c],
                              "a map character places sprite type '%s' before "
                              "it is declared",
                              g->map_undeclared[c]);
        for (int k = 0; k < 7 && g->mapping[c][k] >= 0; k++) {
            int s = game_self_leaf(g, g->mapping[c][k]);
            if (s >= 0) g->mapping[c][k] = (char)s;
        }
    }
    for (int t = 0; t < g->ntypes; t++) { /* a shooter's weapon with subtypes: its own leaf */
        type_def *td = &g->types[t];
        if (!td->leaf || !(class_table[td->cls].flags & CLASS_SHOOTS)) continue;
        int *shots = td->stype_list.n ? td->stype_list.t : &td->stype, n = td->stype_list.n ? td->stype_list.n : 1;
        for (int k = 0; k < n; k++) {
            int s = shots[k] >= 0 ? game_self_leaf(g, shots[k]) : -1;
            if (s >= 0) shots[k] = s;
        }
        if (td->stype_list.n) td->stype = td->stype_list.t[0];
    }
    return VG_OK;
}

/* Phase 1c: what makes a game: sprite types, a map that places them, and
 * an avatar or turns{} to play it (GVGAI's files always have a wall, an
 * avatar, 'w' and 'A'). */
static vg_status finish_is_game(vg_game *g, vg_error *err) {
    int mapped = 0;
    for (int c = 0; c < 256; c++) mapped |= g->mapping[c][0] != -1 && g->mapping[c][0] != MAP_UNDECLARED;
    if (g->ntypes == 0)
        return game_error(g, err, VG_ERR_SCRIPT, 0,
                          "not a game: it declares no sprite types (a game declares sprite{}, "
                          "map{}, interaction{} and termination{}: docs/scripting.md)");
    if (!mapped)
        return game_error(g, err, VG_ERR_SCRIPT, 0,
                          "not a game yet: no map{} places a sprite, so no level can be read");
    if (!g->avatar_types && !g->turns)
        return game_error(g, err, VG_ERR_SCRIPT, 0,
                          "not a game yet: it has no avatar type (a class such as "
                          "\"MovingAvatar\") and no turns{}, so nothing plays it");
    return VG_OK;
}

/* Phase 1b: continuous physics (physics_cont.c): which types have it or
 * a real orientation, and whether pairs are checked by rectangles. */
static vg_status finish_physics(vg_game *g, vg_error *err) {
    int vec = 0;
    g->geom = 0;
    for (int t = 0; t < g->ntypes; t++) {
        type_def *td = &g->types[t];
        if (td->physics[0] && strcmp(td->physics, "GRID") != 0 && strcmp(td->physics, "CONT") != 0)
            return game_error(g, err, VG_ERR_SCRIPT, td->line,
                              "sprite '%s': physicstype must be GRID or CONT, not '%s'", td->name, td->physics);
        td->cont = strcmp(td->physics, "CONT") == 0;
        td->vec = td->cont || (td->cls >= 0 && (class_table[td->cls].flags & CLASS_VEC));
        vec |= td->vec;
        if (td->cont || td->w_mult != 1 || td->h_mult != 1) g->geom = 1;
    }
    if (vec) {
        game_need_ext(g, EXT_CONT);
        game_need_ext(g, EXT_SPEED);
    }
    return VG_OK;
}

/* Phase 2a: one effect row's parameters make sense (its own check), and
 * what it needs of the game. */
static vg_status check_effect(vg_game *g, effect_def *e, vg_error *err) {
    e->not_types = game_leaves_of(g, &e->not_named);
    e->flags = effect_flags(e->kind) | (e->kill_second ? FX_KILL2 : 0); /* the row's check may narrow them */
    effect_bind(e);
    unsigned flags = e->flags | (e->ftype >= 0 ? effect_flags(e->ftype) : 0);
    if (flags & FX_CREATES) g->may_create = 1;
    if (flags & FX_ADDS) g->may_grow = 1;
    if (flags & FX_HEALTH) game_need_ext(g, EXT_HEALTH);
    if (flags & FX_SPEED) game_need_ext(g, EXT_SPEED);
    if (e->kind == EFFECT_SCRIPT) return VG_OK;
    const effect_row *row = &effect_table[e->kind];
    if (e->t2 == EOS_TYPE && (row->flags & FX_NEEDS2))
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs two sprites; it cannot happen at the edge (EOS)",
                          row->name);
    if (e->t2 == TIME_TYPE) {
        vg_status st = effect_check_time(g, e, err);
        if (st != VG_OK) return st;
    }
    return row->check(g, e, err);
}

/* Phase 2b: pairs in order of first appearance, each with its effects in
 * script order (a row with 'repeat' N as N rows, as GVGAI adds it N
 * times); edge effects apart; who has rules with whom. */
static vg_status finish_pairs(vg_game *g, vg_error *err) {
    g->npairs = g->neos = 0;
    g->edge_types = 0;
    int used = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        if (e->t2 == EOS_TYPE) {
            g->eos_effects[g->neos++] = k;
            if (!g->geom) g->edge_types |= g->types[e->t1].subtypes; /* geom: every sprite is looked at */
            continue;
        }
        if (e->t2 == TIME_TYPE) { /* a timed effect: pending in the state from the start */
            g->ntimers++;
            continue;
        }
        int p = 0;
        while (p < g->npairs && !(g->pairs[p].t1 == e->t1 && g->pairs[p].t2 == e->t2)) p++;
        if (p < g->npairs) continue;
        pair_def *pd = &g->pairs[g->npairs++];
        *pd = (pair_def){e->t1, e->t2, used, 0};
        for (int j = k; j < g->neffects; j++)
            for (int r = 0; r < (g->effects[j].repeat > 1 ? g->effects[j].repeat : 1); r++) {
                if (g->effects[j].t1 != pd->t1 || g->effects[j].t2 != pd->t2) break;
                if (used == VG_MAX_EFFECTS)
                    return game_error(g, err, VG_ERR_LIMIT, g->effects[j].line,
                                      "too many interactions, repeats counted (the limit is %d)", VG_MAX_EFFECTS);
                g->pair_effects[used++] = j, pd->count++;
            }
    }
    for (int p = 0; p < g->npairs; p++) { /* rules an earlier stepBack of the pair gets to first */
        const pair_def *pd = &g->pairs[p];
        int back = -1;
        for (int k = pd->first; k < pd->first + pd->count; k++) {
            const effect_def *e = &g->effects[g->pair_effects[k]];
            if (back >= 0 && g->pair_effects[k] != g->pair_effects[k - 1])
                game_warn(g, e->line,
                          "%s of ('%s', '%s') comes after a stepBack of the same pair (line %d), which has "
                          "already moved the '%s' back out of the '%s': it runs only when the '%s' did not move",
                          effect_name(e->kind), g->types[pd->t1].name, g->types[pd->t2].name, g->effects[back].line,
                          g->types[pd->t1].name, g->types[pd->t2].name, g->types[pd->t1].name);
            if (back < 0 && e->kind == EFF_stepBack) back = g->pair_effects[k];
        }
    }
    memset(g->partners, 0, sizeof g->partners);
    memset(g->pairs_as1, 0, sizeof g->pairs_as1);
    memset(g->pairs_as2, 0, sizeof g->pairs_as2);
    memset(g->seconds_of, 0, sizeof g->seconds_of);
    for (int p = 0; p < g->npairs; p++) {
        uint64_t a = g->types[g->pairs[p].t1].subtypes, b = g->types[g->pairs[p].t2].subtypes;
        for (int t = 0; t < g->ntypes; t++) {
            if (type_in(a, t)) g->partners[t] |= b, g->seconds_of[t] |= b, g->pairs_as1[t][p / 64] |= 1ULL << (p % 64);
            if (type_in(b, t)) g->partners[t] |= a, g->pairs_as2[t][p / 64] |= 1ULL << (p % 64);
        }
    }
    return VG_OK;
}

/* Whether sprites of leaf type 'td' update in step 2 of a tick: not
 * avatars; still classes only to count down a timeToLive; classes that
 * move only with a speed not when it is 0 for good. */
static int updates_itself(const vg_game *g, const type_def *td) {
    const sprite_class *c = &class_table[td->cls];
    if (c->flags & CLASS_AVATAR) return 0;
    if (td->ttl >= 0 || td->update_ref) return 1;
    if (c->flags & CLASS_STILL) return 0;
    return !(c->flags & CLASS_SPEED) || td->speed != 0 || (g->ext_needs >> EXT_SPEED & 1);
}

/* Phase 3: each leaf type's class check. Fixed types are still by class,
 * and no rule moves or creates them; killable ones among them get alive
 * bits. Then who updates. */
static vg_status finish_fixed(vg_game *g, vg_error *err) {
    uint64_t moving = g->avatar_types, dying = 0, given_orientation = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        uint64_t t2 = e->t2 < 0 ? 0 : g->types[e->t2].subtypes; /* not EOS, TIME */
        int replaces = e->kind == EFF_transformTo; /* no move: a fixed first sprite dies (effect_transform_to) */
        /* On the grid, the first sprites of an edge effect are off the map only if something else
         * moves them (or creates them there): such a rule alone leaves a type fixed (edge_run). */
        if (e->t2 == EOS_TYPE && !g->geom) f &= ~(unsigned)(FX_MOVE1 | FX_KILL1), replaces = 0;
        if ((f & FX_MOVE1) && !replaces) moving |= g->types[e->t1].subtypes;
        if (f & FX_MOVE2) moving |= t2;
        if ((f & FX_KILL1) || replaces) dying |= g->types[e->t1].subtypes;
        if (f & FX_KILL2) dying |= t2;
        if (e->stype >= 0 && e->kind != EFF_shieldFrom) /* shieldFrom's only names the sprites shielded from */
            moving |= g->types[e->stype].subtypes;      /* replaced, created, or changed */
        if (e->stype_to >= 0) moving |= g->types[e->stype_to].subtypes;
        if (e->take_orientation && e->stype >= 0) given_orientation |= g->types[e->stype].subtypes;
    }
    for (int t = 0; t < g->ntypes; t++) { /* what sprites spawn, chase or flee: changing ones */
        type_def *td = &g->types[t];
        if (td->cls < 0) continue;
        if (td->leaf && !(class_table[td->cls].flags & CLASS_LISTS) &&
            (td->stype_list.n > 1 || td->stype2_list.n > 1 || td->ammo_list.n > 1))
            return game_error(g, err, VG_ERR_SCRIPT, td->line,
                              "sprite '%s': a %s names one type in 'stype', 'stype2' and 'ammo'", td->name,
                              class_table[td->cls].name);
        vg_status st = td->leaf ? class_table[td->cls].check(g, td, err) : VG_OK;
        if (st != VG_OK) return st;
        if (td->leaf && (td->health || td->health_max)) game_need_ext(g, EXT_HEALTH);
        class_update_fn *u = class_table[td->cls].update;
        if (td->leaf && td->stype < 0 &&
            (u == class_update_chaser || u == class_update_fleeing || u == class_update_los_chaser ||
             u == class_update_alternate_chaser || u == class_update_random_alt_chaser))
            game_warn(g, td->line, "sprite '%s' (%s) has no 'stype': there is nothing to %s, and it moves at random",
                      td->name, class_table[td->cls].name, u == class_update_fleeing ? "flee" : "chase");
        if (td->leaf && td->update_ref) moving |= 1ULL << t, g->may_create = g->may_grow = 1; /* it may do anything */
        moving |= class_creates(g, td);
    }
    g->nupdate = 0;
    g->passive_types = 0;
    g->changing = 0;
    g->oriented_types = 0;
    g->nranges = 0;
    for (int t = 0; t < g->ntypes; t++) {
        type_def *td = &g->types[t];
        if (!td->leaf) continue;
        const sprite_class *c = &class_table[td->cls];
        /* A drifting class with no speed that nothing moves never moves either (GVGAI's drift needs a
         * speed, continuous drift and gravity included): on the grid, when no sprite has a speed of its
         * own (which it would then drift by, updates_itself) and the script's code changes no sprite
         * (its Passive sprites may be those it moves). */
        int still = (c->flags & CLASS_STILL) ||
                    ((c->flags & CLASS_SPEED) && td->speed == 0 &&
                     (g->geom || (!(g->ext_needs >> EXT_SPEED & 1) && !(g->script_sets & SETS_SPRITES))));
        td->fixed = !(moving >> t & 1) && !td->force_dynamic && still && td->ttl < 0;
        td->killable = td->fixed && (dying >> t & 1);
        if (!td->fixed) {
            g->changing |= 1ULL << t;
            if (td->oriented || (given_orientation >> t & 1) || (g->script_sets & SETS_ORIENTATION))
                g->oriented_types |= 1ULL << t;
            g->range_slot[t] = (uint8_t)g->nranges++;
        }
        if (updates_itself(g, td)) g->update_order[g->nupdate++] = (uint8_t)t;
        g->update_fn[t] = td->update_ref ? class_update_scripted : c->update;
        if (g->update_fn[t] == class_update_passive && !td->cont) g->passive_types |= 1ULL << t;
    }
    return VG_OK;
}

/* Phase 4b: GVGAI's game counters are the variables counter0, counter1,
 * ...; effects then tally their scores and counters through players.c, as
 * in a game for several players. In such a game a player can stand on
 * what sets a delayed effect tick after tick (drowning, gotcha): its
 * states hold as many pending as the delays add up to, up to
 * VG_MAX_TIMERS_MULTI. */
static vg_status finish_players(vg_game *g, vg_error *err) {
    int delays = 0;
    for (int k = 0; k < g->neffects; k++) delays += g->effects[k].kind == EFF_addTimer ? g->effects[k].timer : 0;
    if (g->nplayers > 1 && g->ntimers >= VG_MAX_TIMERS && delays > g->ntimers)
        g->ntimers = delays < VG_MAX_TIMERS_MULTI ? delays : VG_MAX_TIMERS_MULTI;
    g->counter_var = g->nvars;
    for (int k = 0; k < g->ncounters; k++) {
        char name[16];
        snprintf(name, sizeof name, "counter%d", k);
        if (vg_var_find(g, name) >= 0)
            return game_error(g, err, VG_ERR_SCRIPT, 0,
                              "the game's %d counters are the variables counter0 to counter%d: "
                              "'%s' cannot be declared too",
                              g->ncounters, g->ncounters - 1, name);
        vg_status st = game_add_var(g, name, 0, 0, err);
        if (st != VG_OK) return st;
    }
    g->tally = g->nplayers > 1 || g->ncounters > 0;
    g->views = 0;
    for (uint64_t ts = g->avatar_types; ts && g->nplayers > 1; ts &= ts - 1)
        g->views |= (g->types[__builtin_ctzll(ts)].hidden & ((1 << g->nplayers) - 1)) != 0;
    return VG_OK;
}

/* Phase 5: a type is drawn with the first map character that puts it on top. */
static void finish_glyphs(vg_game *g) {
    for (int pass = 0; pass < 2; pass++)
        for (int c = 32; c < 127; c++)
            for (int k = 0; k < 7 && g->mapping[c][k] >= 0; k++) {
                type_def *td = &g->types[(int)g->mapping[c][k]];
                if (td->glyph == '?' && (pass == 1 || k == 0)) td->glyph = (char)c;
            }
}

/* Phase 6. Resource kinds in type order (as GVGAI lists them), then the
 * extension fields the rules asked for, widest first. */
static vg_status finish_layout(vg_game *g, vg_error *err) {
    memset(g->res_slot, -1, sizeof g->res_slot);
    g->nres = 0;
    for (int t = 0; t < g->ntypes; t++) {
        if (!g->res_named[t]) continue;
        if (g->nres == VG_MAX_RESOURCES)
            return game_error(g, err, VG_ERR_LIMIT, g->types[t].line, "too many resource kinds (the limit is %d)",
                              VG_MAX_RESOURCES);
        g->res_slot[t] = (int8_t)g->nres;
        g->res_type[g->nres++] = (uint8_t)t;
    }
    static const int order[NUM_EXT] = {EXT_SPEED, EXT_CONT, EXT_AUX, EXT_SPAWN, EXT_HEALTH, EXT_RESOURCES};
    uint32_t at = sizeof(sprite);
    memset(g->ext_off, 0, sizeof g->ext_off);
    for (int k = 0; k < NUM_EXT; k++) {
        int ext = order[k];
        if (!(g->ext_needs >> ext & 1)) continue;
        g->ext_off[ext] = (uint16_t)at;
        at += ext == EXT_SPEED || ext == EXT_AUX || ext == EXT_SPAWN ? 8
              : ext == EXT_CONT                                      ? 24
              : ext == EXT_HEALTH                                    ? 4
                                                                     : 2 + 2 * (uint32_t)g->nres;
    }
    g->stride = (at + 7) & ~7u;
    if (g->stride > MAX_STRIDE)
        return game_error(g, err, VG_ERR_LIMIT, 0, "sprites need %u bytes; the limit is %d", g->stride, MAX_STRIDE);
    sprite_init_ext_all(g);
    return VG_OK;
}

/* Phase 5: what every tick reads: each avatar type's actions, which
 * effect rows may have an avatar on a side (they record events) or score
 * through players.c, and which types stand on the ground. */
static void finish_actions(vg_game *g) {
    g->ground_types = g->solid_types = 0;
    for (int t = 0; t < g->ntypes; t++) {
        if (g->types[t].leaf && (class_table[g->types[t].cls].flags & CLASS_GROUND)) g->ground_types |= 1ULL << t;
        if (g->types[t].leaf && g->types[t].solid) g->solid_types |= 1ULL << t;
    }
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        uint64_t sides = g->types[e->t1].subtypes | (e->t2 >= 0 ? g->types[e->t2].subtypes : 0);
        int scores = g->ncounters > 0; /* a row with no score and no counter tallies nothing */
        for (int p = 0; p < g->nplayers; p++) scores |= e->score[p] != 0;
        g->effects[k].after =
            ((sides & g->avatar_types) != 0 ? AFTER_EVENTS : 0) | (g->tally && scores ? AFTER_TALLY : 0);
    }
    memset(g->acts, 0, sizeof g->acts);
    for (uint64_t ts = g->avatar_types; ts; ts &= ts - 1) {
        struct type_acts *ta = &g->acts[__builtin_ctzll(ts)];
        ta->n = (uint16_t)class_actions(g->types[__builtin_ctzll(ts)].cls, ta->at);
        for (int k = 0; k < ta->n; k++) ta->allowed |= (uint16_t)(1u << ta->at[k]);
    }
    g->acts_type = g->avatar_types ? __builtin_ctzll(g->avatar_types) : -1;
    for (uint64_t ts = g->avatar_types; ts && g->acts_type >= 0; ts &= ts - 1)
        if (memcmp(&g->acts[__builtin_ctzll(ts)], &g->acts[g->acts_type], sizeof g->acts[0]) != 0) g->acts_type = -1;
}

/* Whether sprites may stack on a cell without bound, so that the tick's
 * cell lists pay for a list per type (tick.h's cell_lists): a Spreader
 * fed by a SpawnPoint of no total (rivers' water: every spawn point adds
 * a spreader a tick, each spreading onto the cells around). */
static int finish_cells_stack(const vg_game *g) {
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (td->cls == CLS_SpawnPoint && td->total == 0 && td->stype >= 0 && g->types[td->stype].cls == CLS_Spreader)
            return 1;
    }
    return 0;
}

void game_cells_typed(vg_game *g, int on) {
    int cells = g->w * g->h;
    g->cells_typed = on && g->nranges * cells <= VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE;
    for (int t = 0; t < VG_MAX_LEAVES; t++)
        g->cells_block[t] = (uint16_t)(g->cells_typed && (g->changing >> t & 1) ? g->range_slot[t] * cells : 0);
}

/* What the script may set on sprites (game.h's SETS_*): sprites carry it. */
static void finish_script_sets(vg_game *g) {
    if (g->script_sets & SETS_SPEED) game_need_ext(g, EXT_SPEED);
    if (g->script_sets & SETS_HEALTH) game_need_ext(g, EXT_HEALTH);
    for (int t = 0; t < g->ntypes && (g->script_sets & SETS_RESOURCES); t++)
        if (g->types[t].cls == CLS_Resource || g->types[t].cls == CLS_ResourcePack) game_need_resource(g, t);
}

vg_status game_finish(vg_game *g, vg_error *err) {
    vg_status st = finish_types(g, err);
    if (st == VG_OK) st = finish_is_game(g, err);
    finish_script_sets(g);
    if (st == VG_OK) st = finish_physics(g, err);
    g->may_create = g->may_grow = 0;
    g->ntimers = 0;
    for (int k = 0; k < g->neffects && st == VG_OK; k++) st = check_effect(g, &g->effects[k], err);
    if (st != VG_OK) return st;
    if ((st = param_check_applies(g, err)) != VG_OK) return st;
    g->obstacles = 0; /* GVGAI's path finder: sprites of exactly these types */
    for (int k = 0; k < g->obs_named.n; k++) {
        const type_def *td = &g->types[g->obs_named.t[k]];
        int t = td->leaf ? g->obs_named.t[k] : td->self;
        if (t >= 0) g->obstacles |= 1ULL << t;
    }
    if ((st = finish_pairs(g, err)) != VG_OK) return st;
    g->ref_holders = g->ref_targets = 0;
    if ((st = finish_fixed(g, err)) != VG_OK) return st;
    g->terms_uncounted = g->recount = 0;
    for (int k = 0; k < g->nterms; k++) /* Phase 4. */
        if ((st = term_check(g, &g->terms[k], err)) != VG_OK) return st;
    if ((st = finish_players(g, err)) != VG_OK) return st;
    finish_glyphs(g);
    finish_actions(g);
    rest_finish(g);
    g->cells_stack = finish_cells_stack(g);
    return finish_layout(g, err);
}
