"""Layer 4: English and Russian words, explanations, narration and the rulebook in prose."""
