"""What Tabula keeps between runs: settings (and, later, records), written atomically."""
