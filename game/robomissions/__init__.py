"""ROBOMissions: the robot card battle (ROBOMissions rulebook; reading notes in docs/robomissions-content.md)."""
