"""Widget-free models of each activity (play, replay, review, puzzle): the logic a widget
shows, with no ipywidgets import, testable without a browser."""
