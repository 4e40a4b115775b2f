#include "db/import_statements.hpp"

#include "db/game_rows.hpp"

namespace ppn::db {

ImportStatements::ImportStatements(Database& db)
    : find_checksum(db, "SELECT id FROM games WHERE checksum = ?1"),
      prefix_candidates(db, "SELECT game_id FROM positions WHERE hash = ?1 AND roll_index = ?2"),
      roll_line_hash(db, "SELECT line_hash FROM rolls WHERE id = ?1"),
      prefix_by_setup(db, "SELECT id FROM games WHERE setup_hash = ?1 AND rolls > 0 LIMIT 1"),
      prefix_by_line(db,
                     "SELECT g.id FROM games g JOIN rolls r ON r.id = (g.id << 16) + ?2 "
                     "WHERE g.setup_hash = ?1 AND r.line_hash = ?3 AND g.rolls > ?2 + 1 LIMIT 1"),
      has_race(db, "SELECT unseen_stretches IS NOT NULL FROM game_race WHERE game_id = ?1"),
      delete_race(db, "DELETE FROM game_race WHERE game_id = ?1", Statement::Kind::guarded),
      delete_seat_stats(db, "DELETE FROM seat_stats WHERE game_id = ?1", Statement::Kind::guarded),
      delete_seat_illegal(db, "DELETE FROM seat_illegal WHERE game_id = ?1", Statement::Kind::guarded),
      has_text(db, "SELECT 1 FROM game_text WHERE game_id = ?1"),
      insert_game(db,
                  "INSERT INTO games(source_file, source_line, checksum, setup_hash, variant, players, result, "
                  "winner, finished, status, on_error, rolls, rolls_replayed, illegal_rolls) "
                  "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) "
                  "ON CONFLICT(checksum) DO NOTHING RETURNING id", Statement::Kind::guarded),
      insert_seat(db,
                  "INSERT INTO game_seats(game_id, colour, seat_order, player_id, player_name, finish_rank, won) "
                  "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)", Statement::Kind::bulk),
      insert_tag(db, "INSERT INTO tags(game_id, ord, name, value) VALUES(?1, ?2, ?3, ?4)", Statement::Kind::bulk),
      insert_roll(db,
                  "INSERT INTO rolls(id, game_id, roll_index, colour, die1, die2, play, legal, entries, captures, "
                  "arrivals, bonuses_earned, bonuses_used, bonuses_forfeited, penalty, line, line_hash, number) "
                  "VALUES(?17, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?18)", Statement::Kind::bulk),
      insert_diag(db,
                  "INSERT INTO diagnostics(game_id, seq, roll_index, severity, code, message, line, col, "
                  "position_id, alternatives) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", Statement::Kind::bulk),
      insert_position(db, "INSERT INTO positions(hash, id, pos, turn) VALUES(?1, ?2, ?3, ?4)", Statement::Kind::bulk),
      insert_text(db, "INSERT INTO game_text(game_id, ppn) VALUES(?1, ?2)", Statement::Kind::bulk),
      insert_race(db,
                  "INSERT INTO game_race(game_id, replayed, complete, rolls_replayed, lead_changes, stop_reason, "
                  "error, board, unseen_stretches) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", Statement::Kind::bulk),
      insert_seat_stats(db, insert_seat_stats_sql(), Statement::Kind::bulk),
      insert_seat_illegal(db, "INSERT INTO seat_illegal(game_id, colour, code, plays) VALUES(?1, ?2, ?3, ?4)", Statement::Kind::bulk),
      set_roll_number(db, "UPDATE rolls SET number = ?2 WHERE id = ?1", Statement::Kind::guarded),
      set_source(db, "UPDATE games SET source_file = ?2, source_line = ?3 WHERE id = ?1", Statement::Kind::guarded) {}

}  // namespace ppn::db
