"""The Naruto CCG's part of the application: its match page, its new-match panel, its look in the
card browser and its manual toolbox, named by the game registry (`referee.games`)."""
