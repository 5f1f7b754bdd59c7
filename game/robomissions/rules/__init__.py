"""ROBOMissions rules: the pure engine (no pygame), cards, events and seat views."""
