"""What a person wrote, as plain text: HTML turned into text and quoted replies cut
away. Mail and forum posts both arrive this way; neither channel owns it."""
