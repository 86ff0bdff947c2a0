"""One player's process: table + network + persistence + timers, on one asyncio loop."""
