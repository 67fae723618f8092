"""The Documents section of the conversation panel: which document sets this conversation answers
from (ticked), Add files / Add folder to put documents into a set, the indexing's progress with
the time left and Pause / Resume, and, while the library has none, a way to the embedding model.

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
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.docs.extract import SUFFIXES

LIST_ROWS = 4  # the list shows this many sets before it scrolls


class DocumentSetsView(QWidget):
    sets_chosen = Signal(tuple)  # the names of the sets ticked now
    add_requested = Signal(list, str)  # paths (files or folders), the set to add them to
    pause_requested = Signal()  # stop indexing at the next saved step
    resume_requested = Signal()  # go on from where it stopped
    embedding_model_requested = Signal()  # show the suggested embedding model, ready to download

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
        self.progress = QProgressBar()
        self.progress.setObjectName("documentsProgress")
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.progress.setAccessibleName(self.tr("Indexing progress"))
        self.pause_button = QPushButton(self.tr("Pause"))
        self.pause_button.setToolTip(self.tr("Stop indexing for now; Resume goes on from where it stopped."))
        self.pause_button.clicked.connect(self._on_pause_clicked)
        self._paused = False
        progress_row = QHBoxLayout()
        progress_row.setContentsMargins(0, 0, 0, 0)
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.pause_button)
        self.progress_row = QWidget()
        self.progress_row.setLayout(progress_row)
        self.progress_row.hide()
        self.embedding_button = QPushButton(self.tr("Get the embedding model…"))
        self.embedding_button.setToolTip(
            self.tr("Opens Models with a small multilingual embedding model selected, ready to download.")
        )
        self.embedding_button.clicked.connect(self.embedding_model_requested)
        self.embedding_button.hide()
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
        layout.addWidget(self.progress_row)
        layout.addWidget(self.status)
        layout.addWidget(self.embedding_button, 0, Qt.AlignmentFlag.AlignLeft)

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

    def show_progress(self, done: int, total: int) -> None:
        """The bar and Pause while a set is indexed (the status line says what and how long)."""
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(done, total))
        self._set_paused(False)
        self.progress_row.show()

    def show_paused(self) -> None:
        """Indexing stopped at the user's word: the bar stays where it was, the button resumes."""
        self._set_paused(True)
        self.progress_row.show()

    def hide_progress(self) -> None:
        self._set_paused(False)
        self.progress_row.hide()

    def offer_embedding_model(self, shown: bool) -> None:
        self.embedding_button.setVisible(shown)

    def _set_paused(self, paused: bool) -> None:
        self._paused = paused
        self.pause_button.setEnabled(True)
        self.pause_button.setText(self.tr("Resume") if paused else self.tr("Pause"))

    def _on_pause_clicked(self) -> None:
        self.pause_button.setEnabled(False)  # until the indexer stops (or starts) at its next step
        if self._paused:
            self.resume_requested.emit()
        else:
            self.pause_requested.emit()

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
