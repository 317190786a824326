"""The slow tests, named in one place: tests/conftest.py marks them ``slow``.

``make quick`` (``pytest -m "not slow"``) runs the rest in under a minute on two cores;
``make test`` and CI run everything. A file is named by its path under tests/ (a glob);
a test by its function's name, wherever it lives, so moving it to another file keeps
it marked. tests/test_slow_marks.py fails when an entry names nothing.
"""

from __future__ import annotations

from fnmatch import fnmatchcase

# Files every test of which is slow (paths under tests/, globs allowed).
SLOW_FILES: tuple[str, ...] = (
    "ui/test_soak.py",  # ten thousand random inputs through every scene
    "ui/test_kill_resume.py",  # kills real processes and resumes their games
    "test_engine_fuzz.py",  # property-based fuzzing of the engine protocol
    "test_packaging.py",  # builds and installs the wheel
    "study/test_game_analysis.py",  # the expert judges the first plays of a game of each variant
    # Scenes drawn in the pseudo-language at two sizes, watching every text drawn.
    "ui/test_words_menus.py",
    "ui/test_words_board.py",
    "ui/test_words_study.py",
    "study/test_engine_language.py",  # the engine's answers, an analysis among them, twice
)

# Tests slow wherever they are (function names: every parameter is slow).
SLOW_TESTS: frozenset[str] = frozenset(
    {
        # Racing games into the bearing off (Duodecim's three dice: about 6 s).
        "test_shut_in_is_never_said_of_a_man_a_die_would_carry_off",
        "test_every_variant_rolls_out_from_its_start",  # Duodecim's rollout: about 4 s
        # The position editor: five boards at each pinned size (4K paints slowly), random
        # clicks on every game's board, and a rollout in a process of its own.
        "test_the_editor_draws_whole_at_every_pinned_size",
        "test_any_clicks_leave_a_position_the_engine_reads_or_its_reason_shown",
        "test_a_rollout_beside_the_window_shows_progress_and_stops",
        # A whole backgammon game judged by the expert, through the command line.
        "test_a_mat_match_is_analysed_game_by_game",
        # Whole games played through the window by computer seats.
        "test_a_computer_game_of_every_variant_reaches_its_end",  # against the table
        "test_every_save_after_every_decision_replays_and_resumes",
        "test_menu_to_results_with_computer_seats",
        "test_a_backgammon_match_exports_as_a_mat_file",
        "test_a_finished_game_replays_exactly_and_is_watched_to_its_end",
        "test_a_finished_game_is_no_longer_offered",
        "test_the_summary_shows_the_loss_the_luck_and_the_worst_plays",
        "test_clicking_a_row_shows_it_and_a_second_click_plays_it",
        # make quick under a minute again with twelve games (each over a second, or a
        # family of many near-second cases; make test runs them all).
        "test_a_seeded_computer_game_plays_to_its_end_on_the_board",
        "test_every_decision_of_seeded_games_matches_named_men",  # Quinze Tablas, ~2 s
        "test_the_search_agrees_with_the_rules_written_plainly",
        "test_every_scene_left_alone_settles_and_is_not_drawn_again",
        "test_games_of_people_with_the_setting_on_play_out_and_replay",
        "test_the_expert_still_chooses_the_recorded_play_quickly",
        "test_seeded_games_end_conserve_men_round_trip_and_replay",
        "test_every_sure_play_is_home_no_later_than_any_other",
        # Seeded random games of every variant and option set.
        "test_every_listed_action_applies_and_its_json_reads_back",
        "test_seeded_games_end_and_conserve_men",
        "test_seeded_games_end_and_keep_every_rule",
        "test_seeded_random_games_end_with_a_correct_score",
        "test_once_contact_is_over_no_man_of_that_side_is_ever_hit_or_hits",
        "test_where_the_quick_check_says_no_the_forced_capture_keeps_every_play",
        "test_a_replay_reproduces_the_game_exactly",
        "test_every_state_reached_round_trips_through_json_the_protocol_and_the_records",
        # Every listed action, move, man or play of seeded games, checked one by one.
        "test_every_listed_move_is_the_one_its_notation_plays",
        "test_decisions_are_the_legal_actions_but_plays_and_rolls",
        "test_every_man_that_cannot_move_has_a_reason",
        "test_every_legal_play_reads_back_from_its_notation",
        "test_every_man_stands_out_on_every_spot",
        # The window: a real loop's seconds, layouts at every size.
        "test_the_scene_fits_every_pinned_window_size",  # the analysis scene, 4 sizes x 2
        "test_a_damaged_kept_analysis_is_made_again",  # two worker processes each
        "test_a_job_leaves_when_its_window_is_killed",  # a window killed after 2.5 s
        "test_the_progress_card_fits_every_pinned_window_size",  # a 4K window, a worker
        "test_an_imported_replay_file_is_analysed_and_shares_the_games_analysis",
        "test_records_analyse_shows_the_workers_progress_and_then_the_analysis",  # 1-3 s
        "test_a_kept_analysis_is_shown_again_without_analysing",  # a worker, 1-2 s
        "test_the_real_loop_leaves_a_still_board_undrawn",
        "test_a_demo_lasts_its_seconds_by_the_clock",  # three seconds of the clock
        "test_a_short_demo_shows_men_moved_in_every_game",  # twelve demos, ~2 s each
        "test_any_interleaving_of_inputs_and_the_games_progress",  # boards, inputs, progress
        "test_the_resignation_buttons_stand_off_the_board_at_every_size",
        "test_el_mundos_message_stays_in_the_hub_off_the_men",
        # The computer's look-ahead, training and baselines.
        "test_levels_are_deterministic",
        "test_the_deep_look_ahead_is_the_look_ahead_from_each_best_reply",
        "test_the_expert_ranks_its_deepest_looks_first",
        "test_the_expert_still_chooses_the_recorded_play",  # 49 positions, some heavy
        "test_play_loss_judges_the_chosen_play_by_the_look_ahead",
        "test_every_level_plays_every_variant",
        "test_a_short_run_is_reproducible_and_lowers_the_held_out_error",
        # Rollouts of whole games' positions on two processes, then a fit (1 to 3 s).
        "test_rollout_targets_stay_chances_and_are_reproducible",
        "test_two_workers_roll_out_the_same_file",
        "test_distillation_fits_rollout_targets_beside_look_ahead_ones",
        "test_baseline_pieces_add_up_to_the_whole_run",
        "test_the_baseline_plays_under_rule_options_and_counts_games_ended_on_the_first_play",
        "test_sampled_plays_are_legal",
        "test_luck_averages_to_nothing_and_sixes_are_lucky_at_the_start",
        "test_a_games_luck_is_counted_for_each_roller",
        "test_shares_are_played_with_duplicate_dice",
        "test_resuming_with_more_hidden_units_grows_the_network",
        "test_a_short_training_run_writes_weights_and_its_record",
        "test_decisions_in_every_phase",
        "test_ranked_plays_are_best_first",
        "test_the_hint_and_best_answer_on_the_crowded_position",
        "test_pieces_of_a_pair_add_up_to_the_whole_run",
        # Searches and games checked against a reference.
        "test_the_search_finds_what_a_plain_search_over_the_hooks_finds",
        "test_general_search_agrees_with_the_fast_generator_on_the_bench_positions",
        "test_a_game_with_a_contribution_replays_through_its_file",
        "test_json_round_trip_of_states_in_a_game_and_at_its_end",
        "test_every_person_made_play_of_random_games_is_legal",
        "test_gnubg_imports_tabulas_exports_to_the_same_score",
        "test_reading_is_linear_in_the_file",
        # The window: games and hints played through it, every spot of the layout.
        "test_records_open_and_draw_whatever_the_time",
        "test_the_menus_drills_count_and_the_drills_page_fit_whole",
        "test_a_person_names_the_double_after_the_1_2_with_a_key",
        "test_el_mundo_plays_four_computer_seats_on_a_round_board",
        "test_drawing_changes_nothing_in_a_replay_or_round_the_ring",
        "test_a_replay_offers_no_concede_and_makes_up_no_result",
        "test_a_scene_never_drawn_answers_a_click_on_each_button",
        "test_every_statistic_can_be_scrolled_into_view",
        "test_the_same_seed_gives_the_same_network_on_any_number_of_workers",
        "test_a_move_of_the_players_own_closes_the_hint",
        "test_a_chosen_hint_is_shown_and_played",
        "test_the_hint_card_ranks_the_plays_in_the_worker",
        "test_the_tally_reaches_the_summary_and_the_results",
        "test_spots_do_not_overlap",
        "test_a_finished_game_with_the_players_throw_replays_from_the_records",
        "test_the_dice_entered_by_hand_are_the_dice_played",
        "test_backgammon_resignation_offered_and_accepted",
        "test_a_killed_game_resumes_at_the_same_play",
        "test_no_button_left_from_the_last_drawing_breaks_the_game",
        "test_a_man_can_be_drawn_faded_and_lifted_anywhere",
        "test_the_window_starts_with_a_read_only_home",
        # An analysis run in a process of its own, its mistakes made drills (about 3 s).
        "test_a_finished_analysis_makes_drills_of_the_persons_bad_plays_only",
        # make quick back under a minute (measured per test, heaviest first): every
        # game's board at every size, seeded searches against the plain one, the
        # cube's advice, rollouts and fits, the protocol's hints at every level.
        "test_the_hint_card_hides_nothing_the_player_needs",
        "test_the_tutor_s_card_hides_nothing_the_player_needs",
        "test_shortcut_and_plain_search_agree_over_a_seeded_random_game",
        "test_shortcut_and_plain_search_agree_on_any_position",
        "test_the_advice_shown_is_always_the_expert_s_decision",
        "test_more_trials_keep_the_mean_over_all_of_them",
        "test_more_trials_for_the_rows_with_enough_men_home",
        "test_a_teacher_gives_the_targets_and_the_record_names_it",
        "test_a_short_run_two_rolls_deep_records_its_depth",
        "test_a_ray_cluster_gathers_the_same_positions",
        "test_a_ray_cluster_rolls_out_the_same_file",
        "test_a_gathering_chains_each_game_and_its_lambda_returns_stay_chances",
        "test_every_game_answers_hint_and_best_at_every_level",
        "test_tab_then_enter_moves_a_man_with_one_destination",
        "test_up_and_down_still_choose_among_several_destinations",
        "test_the_side_column_stays_inside_the_window",
        "test_the_line_under_the_board_stays_in_the_window",
        "test_the_board_cuts_no_words",
        "test_every_board_sets_its_text_at_14_px_or_more",
        "test_every_open_level_is_a_chapters_first_or_follows_one_won",
        "test_demo_command_saves_a_screenshot",
        "test_with_the_card_off_the_throw_is_taken_by_itself_after_the_seal",
        "test_continue_fits_whole_for_every_game_at_every_size",
        "test_on_a_real_screen_the_card_shows_once_the_board_has_made_room",
        "test_a_lost_key_gives_new_dice_says_so_and_loses_nothing",
        "test_the_card_shows_a_first_look_in_other_variants",
        "test_a_file_gnubg_wrote_reads_and_is_written_again_byte_for_byte",
        "test_every_save_after_every_kind_of_roll_replays_and_resumes",
        "test_every_scene_sets_its_text_at_14_px_or_more",
        "test_module_imports_without_pygame",  # a fresh interpreter each
        "test_each_scene_draws_a_frame_at_both_sizes",
        "test_draw_does_not_change_the_scene",
        "test_the_setup_cuts_no_variants_title_or_option",
        "test_the_first_look_comes_at_once_and_the_deeper_one_replaces_it",
        "test_a_seeded_tavli_match_to_5_plays_the_games_in_turn_to_the_right_winner",
        "test_men_of_each_side_show_in_their_colour_at_their_spots",
        "test_the_board_is_painted_with_a_case_a_field_and_numbers",
        "test_a_highlighted_destination_changes_its_pixels",
        "test_no_scene_cuts_its_words",
        "test_seeded_games_end_conserve_men_and_round_trip_through_json",
        "test_clicks_on_men_make_the_moves_they_point_at",
        "test_the_status_line_and_the_buttons_hold_together",
        "test_every_seeded_match_reads_back_as_the_same_games",
    }
)


def is_slow(path: str, function: str) -> bool:
    """Whether the test ``function`` in ``path`` (posix, under tests/) is slow."""
    return function in SLOW_TESTS or any(fnmatchcase(path, glob) for glob in SLOW_FILES)
