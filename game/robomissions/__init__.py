"""ROBOMissions: the robot card battle (rules in shared/rules/robomissions.txt)."""
