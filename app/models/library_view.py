"""Your models: every GGUF file Hearth can use, its details, and import / remove / add a folder."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.background import run_in_background
from app.error_texts import code_text, error_text
from app.theme import color, color_name, notifier
from engine.models.gguf_info import human_parameters, human_size
from engine.models.library import Library, LibraryEntry


class LibraryView(QWidget):
    model_chosen = Signal(str)  # path: "Use this model"
    library_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.entries: list[LibraryEntry] = []
        self.list = QListWidget()
        self.list.setObjectName("libraryList")
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.details = QLabel()
        self.details.setObjectName("modelDetails")
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setWordWrap(True)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.use_button = QPushButton(self.tr("Use this model"))
        self.remove_button = QPushButton(self.tr("Remove…"))
        self.import_button = QPushButton(self.tr("Import a file…"))
        self.import_button.setToolTip(self.tr("Copy a GGUF model file into Hearth's models folder (or drop it here)."))
        self.folder_button = QPushButton(self.tr("Add a folder…"))
        self.folder_button.setToolTip(self.tr("List the models in a folder of yours, without copying them."))
        self.status = QLabel()
        self.status.setObjectName("settingsHint")
        self.status.setWordWrap(True)
        side = QVBoxLayout()
        side.addWidget(self.details, 1)
        actions = QHBoxLayout()
        actions.addWidget(self.use_button)
        actions.addWidget(self.remove_button)
        actions.addStretch(1)
        side.addLayout(actions)
        side_widget = QWidget()
        side_widget.setLayout(side)
        splitter = QSplitter()
        splitter.addWidget(self.list)
        splitter.addWidget(side_widget)
        splitter.setSizes([340, 420])
        bottom = QHBoxLayout()
        bottom.addWidget(self.import_button)
        bottom.addWidget(self.folder_button)
        bottom.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)
        self.list.currentRowChanged.connect(self._show_details)
        self.list.itemDoubleClicked.connect(lambda _item: self._on_use())
        self.use_button.clicked.connect(self._on_use)
        self.remove_button.clicked.connect(self._on_remove)
        self.import_button.clicked.connect(self._on_import_clicked)
        self.folder_button.clicked.connect(self._on_add_folder)
        notifier().theme_changed.connect(self._on_theme_changed)

    def _on_theme_changed(self, _theme: str) -> None:
        """The list's and the details' colours are set when they are filled: fill them again."""
        if self.entries:
            self.refresh()

    def refresh(self) -> None:
        current = self.selected.path if self.selected else None
        self.entries = Library().entries()
        self.list.clear()
        for entry in self.entries:
            meta = entry.metadata
            detail = human_size(entry.size_bytes)
            if meta.quantization:
                detail += f" · {meta.quantization}"
            item = QListWidgetItem(f"{entry.name}\n{detail} · {self._source_name(entry.source)}")
            if not meta.usable:
                item.setForeground(color("error_text"))
            item.setToolTip(str(entry.path))
            self.list.addItem(item)
        rows = [i for i, e in enumerate(self.entries) if e.path == current]
        self.list.setCurrentRow(rows[0] if rows else 0)

    @property
    def selected(self) -> LibraryEntry | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def _source_name(self, source: str) -> str:
        names = {
            "starter": self.tr("comes with Hearth"),
            "hearth": self.tr("downloaded or imported"),
            "huggingface": self.tr("Hugging Face cache"),
            "lmstudio": self.tr("LM Studio"),
            "gpt4all": self.tr("GPT4All"),
            "folder": self.tr("your folder"),
        }
        return names.get(source, source)

    def _show_details(self) -> None:
        entry = self.selected
        if entry is None:
            self.details.clear()
            return
        meta = entry.metadata
        rows = [
            (self.tr("Architecture"), meta.architecture or "-"),
            (self.tr("Parameters"), human_parameters(meta.parameter_count)),
            (self.tr("Quantization"), meta.quantization or "-"),
            (
                self.tr("Trained context"),
                self.tr("{n} tokens").format(n=f"{meta.context_length:,}") if meta.context_length else "-",
            ),
            (
                self.tr("Chat format"),
                self.tr("in the file") if meta.chat_template else self.tr("none (a default is used)"),
            ),
            (
                self.tr("Size"),
                human_size(entry.size_bytes)
                + (self.tr(" · {n} parts").format(n=meta.split_count) if meta.split_count > 1 else ""),
            ),
            (self.tr("License"), meta.license or "-"),
            (self.tr("Where"), self._source_name(entry.source)),
            (self.tr("File"), str(entry.path)),
        ]
        html = f"<h3>{escape(entry.name)}</h3>"  # names and metadata are shown as text, never run as HTML
        if meta.error:
            error = escape(code_text(meta.error_code, meta.error_params, meta.error))
            html += f"<p style='color:{color_name('error_text')}'>{error}</p>"
        html += (
            "<table cellspacing='4'>"
            + "".join(
                f"<tr><td style='color:{color_name('muted_text')}'>{escape(k)}</td><td>{escape(v)}</td></tr>"
                for k, v in rows
            )
            + "</table>"
        )
        self.details.setText(html)
        self.use_button.setEnabled(meta.usable)
        self.remove_button.setText(self.tr("Delete…") if entry.owned else self.tr("Remove from list…"))
        self.remove_button.setEnabled(entry.source != "starter")

    def _on_use(self) -> None:
        entry = self.selected
        if entry is not None and entry.metadata.usable:
            self.model_chosen.emit(str(entry.path))

    def _on_remove(self) -> None:
        entry = self.selected
        if entry is None:
            return
        question = (
            self.tr("Delete {name} from this computer? This frees {size}.")
            if entry.owned
            else self.tr("Remove {name} from the list? The file stays where it is.")
        ).format(name=entry.name, size=human_size(entry.size_bytes))
        if QMessageBox.question(self, self.tr("Remove model"), question) != QMessageBox.StandardButton.Yes:
            return
        self.status.setText(Library().remove(entry))
        self.refresh()
        self.library_changed.emit()

    def _on_import_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import a model"), "", self.tr("GGUF models (*.gguf)"))
        if path:
            self.import_file(path)

    def import_file(self, path: str) -> None:
        self.status.setText(self.tr("Importing {name}…").format(name=Path(path).name))
        self.import_button.setEnabled(False)
        run_in_background(self, lambda: Library().import_file(path), self._on_imported, self._on_import_failed)

    def _on_imported(self, entry: LibraryEntry) -> None:
        self.import_button.setEnabled(True)
        self.status.setText(self.tr("{name} is in your library.").format(name=entry.name))
        self.refresh()
        self.library_changed.emit()

    def _on_import_failed(self, exc: Exception) -> None:
        self.import_button.setEnabled(True)
        self.status.setText(error_text(exc))

    def _on_add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Add a folder of models"))
        if folder:
            Library().add_folder(folder)
            self.refresh()
            self.library_changed.emit()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.toLocalFile().lower().endswith(".gguf") for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            if url.toLocalFile().lower().endswith(".gguf"):
                self.import_file(url.toLocalFile())
