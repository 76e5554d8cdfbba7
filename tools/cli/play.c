/* SPDX-License-Identifier: MIT
 *
 * play.c -- 'vgdl play': a person plays in the terminal.
 *
 *   vgdl play GAME [--level N|FILE] [--seed S] [--moves M] [--gif F [--cell PX] [--delay MS] [--sprites DIR]]
 *                  [--opponent AGENT [--side 1|2] [--set k=v] [--config F] [--budget-ms M|--budget-calls K]]
 *
 * Two ways to play:
 *
 * - Keys, for games whose moves are actions (GVGAI games, 2048, Pacman
 *   with ghosts): arrow keys or WASD move, space is USE, n waits a tick
 *   (NIL), q quits; one key is one round (vg_advance, the other agents
 *   play their policies). The map is drawn in the sprites' colours
 *   (24-bit ANSI), with score and tick below. A game for two players
 *   (GVGAI's): with --opponent the person plays one player with those
 *   keys (--side 1, the default, is player 0) and the agent the other,
 *   both choosing on the same position; without it two people share the
 *   keyboard, the first with the arrows, Enter for USE and '/' to wait,
 *   the second with WASD, space for USE and x to wait, and a tick is
 *   played once each player still alive has chosen.
 *
 * - Moves, for games with turns whose moves are not actions (Connect
 *   Four, Othello), and for any two-player game with --opponent: the
 *   board, whose turn it is and the legal moves are printed, and the
 *   person types a move name and Enter ("4", "d3", "pass"; any case),
 *   or "quit". With --opponent the agent plays the other side (--side 1,
 *   the default, gives the person the first move; --side 2 the second)
 *   and every move it makes is printed with its value (the agent's own,
 *   for its side, as 'vgdl decide' prints it); without it the person
 *   plays every side. Chance agents' outcomes are drawn from their
 *   probabilities by the state's RNG (seeded by --seed), as vg_advance
 *   draws them. Lines are read from standard input, so a game can be piped
 *   in; the end of the input ends the game unfinished (status 0). The end
 *   prints the result, the score and the game's moves, a list --moves
 *   replays. On a terminal the board is drawn in colour; else as text
 *   ('.' for an empty cell), so the output is a transcript.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "match.h"
#include "picture.h"

/* ---- Drawing ----------------------------------------------------------- */

/* How the game's move names label the board: columns numbered 1.. (Connect
 * Four), squares as a letter (column) and a row number from the top
 * (Othello), or no labels. */
typedef enum { LABEL_NONE, LABEL_COLUMNS, LABEL_SQUARES } label_kind;

static label_kind board_labels(const vg_game *g) {
    int w = vg_game_width(g), h = vg_game_height(g), columns = 1, squares = 1, any = 0;
    if (!vg_game_has_turns(g)) return LABEL_NONE;
    for (int m = 0; vg_move_name(g, m); m++) {
        const char *name = vg_move_name(g, m);
        char *end;
        if (strcmp(name, "pass") == 0) continue;
        any = 1;
        long c = strtol(name, &end, 10);
        columns &= name[0] >= '1' && name[0] <= '9' && !*end && c <= w && c <= 9;
        long r = name[0] >= 'a' && name[0] <= 'z' && name[1] >= '1' && name[1] <= '9' ? strtol(name + 1, &end, 10) : 0;
        squares &= r >= 1 && !*end && r <= h && name[0] - 'a' < w;
    }
    return !any ? LABEL_NONE : columns ? LABEL_COLUMNS : squares ? LABEL_SQUARES : LABEL_NONE;
}

/* The visible sprite drawn in cell (x, y): the last in drawing order
 * (avatars on top); -1 when none. */
static int top_type(const vg_game *g, const vg_state *s, int x, int y) {
    vg_obs obs[64];
    int n = vg_grid_at(g, s, x, y, obs, 64), top = -1;
    for (int k = 0; k < n && k < 64; k++) {
        int t = obs[k].type;
        if (vg_type_hidden(g, t)) continue;
        int rank = (obs[k].cat == VG_CAT_AVATAR) * 1000 + t;
        int best = top < 0 ? -1 : (obs[top].cat == VG_CAT_AVATAR) * 1000 + obs[top].type;
        if (rank > best) top = k;
    }
    return top < 0 ? -1 : obs[top].type;
}

/* What a cell of type 't' shows in colour: the number in the type's name
 * when the name is one letter and digits (2048's "t2048": 2048), else the
 * type's glyph. */
static const char *cell_label(const vg_game *g, int t, char buf[2]) {
    const char *name = vg_type_name(g, t);
    size_t n = name ? strlen(name) : 0;
    if (n >= 2 && n < 12 && isalpha((unsigned char)name[0]) && strspn(name + 1, "0123456789") == n - 1) return name + 1;
    buf[0] = vg_type_glyph(g, t), buf[1] = '\0';
    return buf;
}

/* Columns a cell takes in colour: the widest label of a visible type, and
 * a space. */
static int cell_width(const vg_game *g) {
    size_t w = 1;
    char buf[2];
    for (int t = 0; vg_type_name(g, t); t++) {
        size_t n = strlen(cell_label(g, t, buf));
        if (!vg_type_hidden(g, t) && n > w) w = n;
    }
    return (int)w + 1;
}

/* Under a board in colour: what each label on it is ("legend: A nokey,
 * k key, ..."), in type order. 'seen' marks the types drawn. */
static void print_legend(const vg_game *g, const unsigned char *seen, int ntypes) {
    char buf[2];
    int any = 0;
    for (int t = 0; t < ntypes; t++)
        if (seen[t]) printf("%s%s %s", any++ ? ", " : "legend: ", cell_label(g, t, buf), vg_type_name(g, t));
    if (any) putchar('\n');
}

/* The board: in the sprites' colours, each cell as wide as cell_width
 * (after clearing the screen if 'clear'), an empty cell a dim '.', with
 * a legend below; else as text, one character a cell, '.' for an empty
 * one. Labels as board_labels says. */
static void draw_board(const vg_game *g, const vg_state *s, int colour, int clear) {
    enum { MAX_SEEN = 1024 };
    int w = vg_game_width(g), h = vg_game_height(g), cell = colour ? cell_width(g) : 1;
    unsigned char seen[MAX_SEEN] = {0};
    char buf[2];
    label_kind lab = board_labels(g);
    const char *margin = lab == LABEL_SQUARES ? (h > 9 ? "   " : "  ") : "";
    if (clear) printf("\x1b[H\x1b[2J");
    if (lab == LABEL_SQUARES) {
        fputs(margin, stdout);
        for (int x = 0; x < w; x++) printf("%c%*s", 'a' + x, cell - 1, "");
        putchar('\n');
    }
    for (int y = 0; y < h; y++) {
        if (lab == LABEL_SQUARES) printf("%*d ", (int)strlen(margin) - 1, y + 1);
        for (int x = 0; x < w; x++) {
            int t = top_type(g, s, x, y);
            if (!colour) {
                putchar(t < 0 ? '.' : vg_type_glyph(g, t));
            } else if (t < 0) {
                printf("%*s\x1b[2m.\x1b[0m ", cell - 2, "");
            } else {
                uint32_t c = vg_type_color(g, t);
                printf("\x1b[48;2;%u;%u;%um\x1b[38;2;0;0;0m%*s \x1b[0m", c >> 16, c >> 8 & 255, c & 255, cell - 1,
                       cell_label(g, t, buf));
                if (t < MAX_SEEN) seen[t] = 1;
            }
        }
        putchar('\n');
    }
    if (lab == LABEL_COLUMNS) {
        for (int x = 0; x < w; x++) printf("%d%*s", x + 1, cell - 1, "");
        putchar('\n');
    }
    if (colour) print_legend(g, seen, MAX_SEEN);
}

/* ---- Keys: games whose moves are actions --------------------------------- */

enum { KEY_UP = 256, KEY_DOWN, KEY_RIGHT, KEY_LEFT };

/* The next key: a byte, or an escape sequence decoded: the arrows (ESC [
 * or ESC O, any parameters, then A B C D) as KEY_UP ... KEY_LEFT, any
 * other sequence as 0; Esc alone (no '[' or 'O' after it) as 27, the byte
 * after it left to be read next, so that Esc then q quits. */
static int read_key(void) {
    int c = getchar();
    if (c != 27) return c;
    int d = getchar();
    if (d != '[' && d != 'O') {
        if (d != EOF) ungetc(d, stdin);
        return 27;
    }
    int f;
    do f = getchar();
    while (f != EOF && (f < 0x40 || f > 0x7e)); /* parameter and intermediate bytes */
    return f >= 'A' && f <= 'D' ? KEY_UP + (f - 'A') : 0;
}

/* What key 'c' does: '*a' for the person it is from (0 the first, 1 the
 * second), returned; -1 when it does nothing. One person: the arrows or
 * WASD move, space is USE, n waits. Two people: the first the arrows,
 * Enter for USE and '/' to wait; the second WASD, space and x. */
static int key_action(int c, int people, vg_action *a) {
    static const struct {
        int key, who;
        vg_action a;
    } keys[] = {{KEY_UP, 0, VG_ACTION_UP},       {KEY_DOWN, 0, VG_ACTION_DOWN}, {KEY_LEFT, 0, VG_ACTION_LEFT},
                {KEY_RIGHT, 0, VG_ACTION_RIGHT}, {'\r', 0, VG_ACTION_USE},      {'\n', 0, VG_ACTION_USE},
                {'/', 0, VG_ACTION_NIL},         {'w', 1, VG_ACTION_UP},        {'s', 1, VG_ACTION_DOWN},
                {'a', 1, VG_ACTION_LEFT},        {'d', 1, VG_ACTION_RIGHT},     {' ', 1, VG_ACTION_USE},
                {'x', 1, VG_ACTION_NIL}};
    int k = c < 256 ? tolower(c) : c;
    if (people == 1 && (k == '\r' || k == '\n' || k == '/' || k == 'x')) return -1;
    if (people == 1 && k == 'n') return *a = VG_ACTION_NIL, 0;
    for (size_t m = 0; m < sizeof keys / sizeof keys[0]; m++)
        if (keys[m].key == k) return *a = keys[m].a, people == 1 ? 0 : keys[m].who;
    return -1;
}

/* The keys' play: a person alone (every other player, if any, an agent's
 * or NIL; 'me' the person's player), or two people. */
typedef struct keys {
    const vg_game *g;
    vg_state *s;
    int me, people, players;
    agent *opp; /* plays every other player, or NULL */
    int model;  /* its opponent model (agent.h) */
    agent_budget budget;
    FILE *actions; /* --actions-out (a game for one player), or NULL */
    const char *actions_path;
} keys;

/* The status line under the board: score and tick, each player's in a game for several. */
static void print_status(const keys *k) {
    const vg_game *g = k->g;
    const vg_state *s = k->s;
    printf("\n");
    char status[512];
    vg_avatar_status(g, s, status, sizeof status);
    if (k->players == 1) printf("score %g", vg_score(s));
    for (int p = 0; p < k->players && k->players > 1; p++)
        printf("%splayer %d%s: score %g%s", p ? ", " : "", p + 1, k->people == 1 && p == k->me ? " (you)" : "",
               vg_player_score(g, s, p),
               vg_player_winner(g, s, p) == VG_PLAYER_WINS    ? " WINS"
               : vg_player_winner(g, s, p) == VG_PLAYER_LOSES ? " loses"
                                                              : "");
    printf("   tick %d%s%s%s\n", vg_tick(s), status[0] && k->players == 1 ? "   " : "", k->players == 1 ? status : "",
           !vg_is_over(s) || k->players > 1    ? ""
           : vg_winner_of(s) == VG_PLAYER_WINS ? "   YOU WIN"
                                               : "   GAME OVER");
    if (k->people == 2)
        printf("first player: arrows move, Enter USE, / wait; second: WASD, space USE, x wait; q quits\n");
    else printf("arrows/WASD move, space USE, n wait, q quit\n");
}

/* Reads keys until every player the people play (those still alive) has
 * an action, in 'acts'; 0 when they quit or the input ended. */
static int read_actions(const keys *k, vg_action *acts) {
    int want = 0, got = 0;
    for (int p = 0; p < k->players; p++)
        if (vg_player_alive(k->g, k->s, p) && (k->people == 2 || p == k->me)) want |= 1 << p;
    while (got != want) {
        int c = read_key();
        if (c == EOF || c == 'q' || c == 'Q') return 0;
        vg_action a;
        int who = key_action(c, k->people, &a);
        if (who < 0) continue;
        int p = k->people == 1 ? k->me : who;
        if (!(want >> p & 1)) continue;
        acts[p] = a;
        got |= 1 << p;
    }
    return 1;
}

static int play_keys(keys *k, picture_gif *gif) {
    const vg_game *g = k->g;
    vg_state *s = k->s;
    struct termios saved, raw;
    int tty = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0, rc = 0;
    if (tty) {
        raw = saved;
        raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    vg_error err;
    for (;;) {
        draw_board(g, s, 1, 1);
        if (picture_gif_frame(gif, s, &err)) {
            rc = cli_report(&err);
            break;
        }
        print_status(k);
        fflush(stdout);
        if (vg_is_over(s)) break;
        vg_action acts[VG_MAX_PLAYERS] = {VG_ACTION_NIL};
        for (int p = 0; p < k->players && k->opp; p++) { /* the agent chooses on the same position */
            agent_report r;
            if (p == k->me || !vg_player_alive(g, s, p)) continue;
            agent_set_player(k->opp, p, k->model);
            acts[p] = agent_action(k->opp, agent_act(k->opp, s, &k->budget, &r));
            if (r.status != VG_OK) {
                rc = cli_report(&r.error);
                break;
            }
        }
        if (rc || !read_actions(k, acts)) break;
        if (cli_actions_add(k->actions, acts[0])) {
            rc = cli_fail("%s: cannot write: %s", k->actions_path, strerror(errno));
            break;
        }
        if ((k->players > 1 ? vg_advance_multi(g, s, acts, &err) : vg_advance(g, s, acts[0], &err)) != VG_OK) {
            rc = cli_report(&err);
            break;
        }
    }
    if (tty) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    return rc;
}

/* ---- Moves: games with turns ------------------------------------------ */

typedef struct table {
    const vg_game *g;
    vg_state *s;
    int nagents;
    agent *opp; /* the opponent, or NULL */
    const char *opp_name;
    int opp_seat; /* the agent the opponent plays, -1: none */
    agent_budget budget;
    char *history; /* the moves so far, space-separated */
    size_t len, cap;
    int colour;       /* draw in colour (stdout is a terminal) */
    int echo;         /* print what was read (stdin is not a terminal) */
    picture_gif *gif; /* --gif: each position added, or NULL */
} table;

/* "first player (you)", "second player (alphabeta)", "agent 2 (chance)". */
static const char *seat_name(const table *t, int who, char *buf, size_t size) {
    const char *whom = vg_is_chance(t->g, who) ? "chance" : who == t->opp_seat ? t->opp_name : "you";
    if (t->nagents == 2) snprintf(buf, size, "%s player (%s)", who == 0 ? "first" : "second", whom);
    else snprintf(buf, size, "agent %d (%s)", who, whom);
    return buf;
}

/* Adds 'name' to the history; 0, or 2 after printing why. */
static int note_move(table *t, const char *name) {
    size_t n = strlen(name) + 2;
    if (t->len + n > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        while (cap < t->len + n) cap *= 2;
        char *h = realloc(t->history, cap);
        if (!h) return cli_fail("out of memory");
        t->history = h;
        t->cap = cap;
    }
    t->len += (size_t)sprintf(t->history + t->len, "%s%s", t->len ? " " : "", name);
    return 0;
}

/* Plays 'move' for the agent to move and adds it to the history; 0, or 2
 * after printing why. */
static int make_move(table *t, int move) {
    vg_error err = {0};
    if (vg_play(t->g, t->s, vg_turn(t->s), move, &err) != VG_OK) return cli_report(&err);
    return note_move(t, vg_move_name(t->g, move));
}

/* A chance agent's outcome, drawn by its probability from the state's RNG
 * (as vg_advance draws it). */
static int chance_move(table *t) {
    int move;
    char who_name[96];
    vg_error err = {0};
    seat_name(t, vg_turn(t->s), who_name, sizeof who_name);
    if (vg_play_policy(t->g, t->s, &move, &err) != VG_OK) return cli_report(&err);
    printf("%s plays %s\n", who_name, vg_move_name(t->g, move));
    return note_move(t, vg_move_name(t->g, move));
}

/* The opponent's turn: it decides, its move is printed and played. */
static int agent_turn(table *t) {
    char who_name[96];
    int move;
    agent_report r;
    vg_error err;
    match_seat seat = {.agent = t->opp, .label = t->opp_name, .budget = t->budget};
    seat_name(t, vg_turn(t->s), who_name, sizeof who_name);
    if (t->colour) {
        printf("%s is thinking...\n", who_name);
        fflush(stdout);
    }
    if (match_decide(t->g, t->s, &seat, &r, &move, &err)) return cli_report(&err);
    printf("%s plays %s", who_name, vg_move_name(t->g, move));
    if (r.has_value) printf(" (value %g)", r.value);
    printf("\n");
    return make_move(t, move);
}

/* Reads one line into 'buf', trimmed; 0 at the end of the input. */
static int read_line(char *buf, size_t size) {
    if (!fgets(buf, (int)size, stdin)) return 0;
    if (!strchr(buf, '\n')) { /* too long: drop the rest */
        int c;
        while ((c = getchar()) != EOF && c != '\n') {}
    }
    char *p = buf, *e;
    while (*p == ' ' || *p == '\t') p++;
    memmove(buf, p, strlen(p) + 1);
    e = buf + strlen(buf);
    while (e > buf && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) *--e = '\0';
    return 1;
}

/* The person's turn: 1 when a move was made, 0 at the end of the input or
 * on "quit", 2 after an error. */
static int person_turn(table *t) {
    int who = vg_turn(t->s), moves[VG_MAX_MOVES];
    char who_name[96], line[256];
    vg_error err = {0};
    int n = vg_legal(t->g, t->s, who, moves, &err);
    if (n == 0) return err.msg[0] ? cli_report(&err) : cli_fail("agent %d has no legal move", who);
    printf("%s to move; legal:", seat_name(t, who, who_name, sizeof who_name));
    for (int k = 0; k < n; k++) printf(" %s", vg_move_name(t->g, moves[k]));
    printf("\n");
    for (;;) {
        printf("> ");
        fflush(stdout);
        if (!read_line(line, sizeof line)) {
            printf("%s(end of input)\n", t->echo ? "" : "\n");
            return 0;
        }
        if (t->echo) printf("%s\n", line);
        if (!line[0]) continue;
        int pick = -1, known = 0;
        for (int m = 0; vg_move_name(t->g, m); m++) known |= strcasecmp(vg_move_name(t->g, m), line) == 0;
        for (int k = 0; k < n; k++)
            if (strcasecmp(vg_move_name(t->g, moves[k]), line) == 0) pick = moves[k];
        if (pick < 0 && !known && (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)) return 0;
        if (pick < 0) {
            printf("'%s' is %s; type one of the legal moves above, or quit\n", line,
                   known ? "not legal now" : "not a move of this game");
            continue;
        }
        printf("%s plays %s\n", who_name, vg_move_name(t->g, pick));
        return make_move(t, pick) ? 2 : 1;
    }
}

static void print_result(const table *t) {
    char name[96];
    vg_winner w = vg_winner_of(t->s);
    if (!vg_is_over(t->s)) printf("game left unfinished\n");
    else if (w == VG_PLAYER_WINS) printf("game over: %s wins\n", seat_name(t, 0, name, sizeof name));
    else if (w == VG_PLAYER_LOSES && t->nagents == 2 && !vg_is_chance(t->g, 1))
        printf("game over: %s wins\n", seat_name(t, 1, name, sizeof name));
    else if (w == VG_PLAYER_LOSES) printf("game over: %s loses\n", seat_name(t, 0, name, sizeof name));
    else printf("game over: a draw\n");
    printf("score: %g (the first player's view)\nmoves: %s\n", vg_score(t->s), t->history ? t->history : "");
}

static int play_moves(const cli_opts *o, const vg_game *g, vg_state *s, picture_gif *gif) {
    table t = {.g = g,
               .s = s,
               .nagents = vg_num_agents(g, s),
               .opp_seat = -1,
               .budget = o->budget,
               .colour = isatty(STDOUT_FILENO),
               .echo = !isatty(STDIN_FILENO),
               .gif = gif};
    int rc = o->moves ? note_move(&t, o->moves) : 0; /* the history replays from the level's start */
    if (rc) return rc;
    if (o->opponent) {
        if ((rc = cli_agent_new(o, o->opponent, o->set, o->nset, o->seed, g, &t.opp))) return rc;
        t.opp_name = o->opponent;
        t.opp_seat = o->side == 2 ? 0 : 1;
        if (t.budget.ms == 0 && t.budget.calls == 0) t.budget.ms = 1000;
    }
    printf("%s: you play ", o->game);
    if (t.opp)
        printf("the %s player, %s the %s\n", t.opp_seat ? "first" : "second", t.opp_name,
               t.opp_seat ? "second" : "first");
    else printf("every side\n");
    for (;;) {
        draw_board(g, s, t.colour, 0);
        vg_error err = {0};
        if (picture_gif_frame(t.gif, s, &err)) {
            rc = cli_report(&err);
            break;
        }
        if (vg_is_over(s)) break;
        int who = vg_turn(s), st;
        if (vg_is_chance(g, who)) st = chance_move(&t);
        else if (who == t.opp_seat) st = agent_turn(&t);
        else if ((st = person_turn(&t)) == 1) st = 0;
        else if (st == 0) break;
        if (st) {
            rc = st;
            break;
        }
    }
    print_result(&t); /* after an error too: the moves so far replay with --moves */
    fflush(stdout);
    free(t.history);
    agent_free(t.opp);
    return rc;
}

/* ---- vgdl play ---------------------------------------------------------- */

int cmd_play(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    vg_state *s = NULL;
    int rc = cli_parse(argc, argv, &o, 1);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    int several = vg_num_players(g) > 1, by_moves = vg_game_has_turns(g) && (o.opponent || !vg_moves_are_actions(g));
    keys k = {
        g,    NULL, o.side ? o.side - 1 : 0, several && !o.opponent ? 2 : 1, vg_num_players(g), NULL, o.model, o.budget,
        NULL, NULL};
    if (o.side && !o.opponent) rc = cli_fail("--side needs --opponent (without one you play every side)");
    else rc = by_moves ? cli_start(&o, g, &s) : cli_start_round(&o, g, "play", &s);
    if (rc == 0 && o.opponent && !several &&
        !(vg_game_has_turns(g) && vg_num_agents(g, s) == 2 && !vg_is_chance(g, 0) && !vg_is_chance(g, 1)))
        rc = cli_fail("--opponent: '%s' is not a game for two players", o.game);
    if (rc == 0 && k.players > 2 && !o.opponent)
        rc = cli_fail("'%s' is for %d players: play it with --opponent", o.game, k.players);
    if (rc == 0 && o.opponent && !by_moves) rc = cli_agent_new(&o, o.opponent, o.set, o.nset, o.seed, g, &k.opp);
    if (k.budget.ms == 0 && k.budget.calls == 0) k.budget.ms = 40;
    k.s = s;
    picture_gif *gif = NULL;
    FILE *actions = NULL;
    if (rc == 0 && by_moves && o.actions_out)
        rc = cli_fail("--actions-out: %s is played move by move here: its moves are printed at the end, which --moves "
                      "replays",
                      o.game);
    if (rc == 0 && several && o.actions_out)
        rc = cli_fail(
            "--actions-out: '%s' is a game for several players, whose actions vgdl trace reads from one file a "
            "player; --actions-out writes one",
            o.game);
    if (rc == 0) rc = cli_actions_open(&o, g, &actions);
    k.actions = actions, k.actions_path = o.actions_out;
    if (rc == 0) rc = picture_gif_open(&o, g, &gif);
    if (rc == 0) rc = by_moves ? play_moves(&o, g, s, gif) : play_keys(&k, gif);
    agent_free(k.opp);
    int gif_rc = picture_gif_close(gif, rc == 0), actions_rc = cli_actions_close(actions, &o, rc == 0);
    if (!rc) rc = gif_rc ? gif_rc : actions_rc;
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}
