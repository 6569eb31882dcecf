"""Types of the part of arabic-reshaper the reports use (the package ships none)."""

from typing import Any

class ArabicReshaper:
    def __init__(
        self, configuration: dict[str, Any] | None = None, configuration_file: str | None = None
    ) -> None: ...
    def reshape(self, text: str) -> str: ...
