"""ROBOMissions screens (pygame-ce): set-up menu, table, hand-over and results."""
