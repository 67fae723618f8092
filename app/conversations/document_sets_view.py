"""The Documents section of the conversation panel: which document sets this conversation answers
from (ticked), and Add files / Add folder to put documents into a set.

The view never touches the document store: it shows what `show_sets` gives it and says what the
user chose through signals (app/controllers/documents_controller.py acts on them)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.docs.extract import SUFFIXES

LIST_ROWS = 4  # the list shows this many sets before it scrolls


class DocumentSetsView(QWidget):
    sets_chosen = Signal(tuple)  # the names of the sets ticked now
    add_requested = Signal(list, str)  # paths (files or folders), the set to add them to

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("documentSets")
        self._filling = False
        self.heading = QLabel(self.tr("Documents"))
        self.heading.setObjectName("settingsHeading")
        self.heading.setToolTip(
            self.tr(
                "Tick a document set and answers come from it: Hearth finds the passages that match your "
                "question, gives them to the model with numbers, and shows them under the answer."
            )
        )
        self.sets_list = QListWidget()
        self.sets_list.setObjectName("documentSetsList")
        self.sets_list.setAccessibleName(self.tr("Document sets"))
        self.sets_list.itemChanged.connect(self._on_item_changed)
        self.add_files_button = QPushButton(self.tr("Add files…"))
        # Without sets the section is the heading and these buttons: the panel stays one screen tall.
        self.add_files_button.setToolTip(self.tr("No documents yet. Add files or a folder to answer from them."))
        self.add_files_button.clicked.connect(self._on_add_files)
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.add_folder_button.setToolTip(self.add_files_button.toolTip())
        self.add_folder_button.clicked.connect(self._on_add_folder)
        self.status = QLabel()
        self.status.setObjectName("settingsHint")
        self.status.setWordWrap(True)
        self.status.hide()
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.add_files_button)
        buttons.addWidget(self.add_folder_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.heading)
        layout.addWidget(self.sets_list)
        layout.addLayout(buttons)
        layout.addWidget(self.status)

    def show_sets(self, sets: Sequence[tuple[str, int]], chosen: Sequence[str]) -> None:
        """`sets`: (name, files) of every set; `chosen`: those this conversation answers from."""
        self._filling = True
        try:
            self.sets_list.clear()
            for name, files in sets:
                item = QListWidgetItem(self.tr("{name} ({count} files)").format(name=name, count=files))
                item.setData(Qt.ItemDataRole.UserRole, name)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if name in chosen else Qt.CheckState.Unchecked)
                self.sets_list.addItem(item)
        finally:
            self._filling = False
        self.sets_list.setVisible(bool(sets))
        row = self.sets_list.sizeHintForRow(0) if sets else 0
        self.sets_list.setFixedHeight(row * min(max(len(sets), 1), LIST_ROWS) + 2 * self.sets_list.frameWidth() + 2)

    def chosen(self) -> tuple[str, ...]:
        items = (self.sets_list.item(i) for i in range(self.sets_list.count()))
        return tuple(
            str(item.data(Qt.ItemDataRole.UserRole)) for item in items if item.checkState() == Qt.CheckState.Checked
        )

    def set_status(self, text: str) -> None:
        """A line under the buttons: indexing progress, a skipped file, or how documents are found."""
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def _on_item_changed(self, _item: QListWidgetItem) -> None:
        if not self._filling:
            self.sets_chosen.emit(self.chosen())

    def _set_name(self) -> str | None:
        chosen = self.chosen()
        names = [str(self.sets_list.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.sets_list.count())]
        default = chosen[0] if chosen else (names[0] if names else self.tr("My documents"))
        options = list(dict.fromkeys([default, *names]))
        name, ok = QInputDialog.getItem(
            self, self.tr("Add documents"), self.tr("Add them to the set:"), options, 0, True
        )
        return name.strip() if ok and name.strip() else None

    def _on_add_files(self) -> None:
        patterns = " ".join(f"*{suffix}" for suffix in SUFFIXES)
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Add documents"), "", self.tr("Documents ({patterns})").format(patterns=patterns)
        )
        if paths and (name := self._set_name()):
            self.add_requested.emit(paths, name)

    def _on_add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Add a folder of documents"))
        if folder and (name := self._set_name()):
            self.add_requested.emit([folder], name)
