"""The words: the message catalog (one locale file per language), the text alternatives of
pictures, and the sentences that narrate events and steps. Built on the rules core only."""
