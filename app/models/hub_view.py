"""Find models on the Hugging Face Hub: search, a repo's files by quantization, a fit estimate
for this computer, and Download. The network is used only when the user searches or opens a repo."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.background import run_in_background
from app.error_texts import error_text
from app.models.curated_models import SUGGESTED_MODELS
from app.models.quant_hints import quant_hint_text
from app.theme import color, notifier
from engine.models.gguf_info import human_size
from engine.settings import load_settings, save_settings

FIT_CONTEXTS = (2048, 4096, 8192, 16384, 32768)
FIT_COLORS = {"fits": "success_text", "tight": "warning_text", "too big": "error_text"}  # theme roles


class HubView(QWidget):
    download_requested = Signal(str, object, str)  # repo_id, paths (tuple), commit

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText(self.tr("Search models on Hugging Face, e.g. qwen 1.5b"))
        self.search_button = QPushButton(self.tr("Search"))
        self.token_button = QPushButton(self.tr("Access token…"))
        self.token_button.setToolTip(
            self.tr("Your Hugging Face access token, for gated models whose terms you accepted on huggingface.co.")
        )
        self.results = QListWidget()
        self.results.setObjectName("hubResults")
        self.results.setWordWrap(True)
        self.results.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.files = QTreeWidget()
        self.files.setObjectName("hubFiles")
        self.files.setHeaderLabels([self.tr("File"), self.tr("Size"), self.tr("Fits this computer?")])
        self.files.setRootIsDecorated(True)
        self.files.setColumnWidth(0, 300)
        self.context = QComboBox()
        for n_ctx in FIT_CONTEXTS:
            self.context.addItem(self.tr("{n} tokens").format(n=f"{n_ctx:,}"), n_ctx)
        self.context.setCurrentIndex(FIT_CONTEXTS.index(4096))
        self.context.setToolTip(self.tr("The context length the fit estimate assumes; longer needs more memory."))
        self.download_button = QPushButton(self.tr("Download"))
        self.download_button.setEnabled(False)
        self.explanation = QLabel(
            self.tr(
                "Each file is the same model stored at a different precision (quantization): smaller files need "
                "less memory and run faster, at a small cost in quality."
            )
        )
        self.explanation.setObjectName("settingsHint")
        self.explanation.setWordWrap(True)
        self.status = QLabel()
        self.status.setObjectName("settingsHint")
        self.status.setWordWrap(True)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search_box, 1)
        search_row.addWidget(self.search_button)
        search_row.addWidget(self.token_button)
        right = QVBoxLayout()
        right.addWidget(self.explanation)
        right.addWidget(self.files, 1)
        file_row = QHBoxLayout()
        file_row.addWidget(QLabel(self.tr("Fit at")))
        file_row.addWidget(self.context)
        file_row.addStretch(1)
        file_row.addWidget(self.download_button)
        right.addLayout(file_row)
        right_widget = QWidget()
        right_widget.setLayout(right)
        splitter = QSplitter()
        splitter.addWidget(self.results)
        splitter.addWidget(right_widget)
        splitter.setSizes([300, 520])
        layout = QVBoxLayout(self)
        layout.addLayout(search_row)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)
        self._repo_files: Any = None  # engine.hub.search.RepoFiles of the open repo
        self._shapes: dict[str, Any] = {}  # file name -> ModelShape, read from the Hub once
        self._free_memory: tuple[int, int | None] | None = None  # (RAM, VRAM) free, read off the window's thread
        self._wanted_file = ""  # a file to select once its repo's files arrive (show_suggested)
        self.search_box.returnPressed.connect(self.search)
        self.search_button.clicked.connect(self.search)
        self.results.currentRowChanged.connect(self._on_repo_selected)
        self.files.currentItemChanged.connect(lambda *_: self._update_download_button())
        self.download_button.clicked.connect(self._on_download)
        self.token_button.clicked.connect(self._on_token_clicked)
        self.context.currentIndexChanged.connect(lambda _i: self._show_fits())
        self.show_curated()

        # --- the beginner's list and search --------------------------------------------------

        notifier().theme_changed.connect(self._on_theme_changed)

    def _on_theme_changed(self, _theme: str) -> None:
        self._show_fits()  # the fit colours are set when the list is filled

    def show_curated(self) -> None:
        """Small instruct models that run on an ordinary computer, and the embedding model for
        documents (app/models/curated_models.py)."""
        self.results.clear()
        for model in SUGGESTED_MODELS:
            item = QListWidgetItem(f"{model.repo_id}\n{model.note_text()}")
            item.setData(Qt.ItemDataRole.UserRole, model.repo_id)
            item.setToolTip(self.tr("About {size} MB").format(size=model.size_mb))
            self.results.addItem(item)
        self.status.setText(self.tr("Suggested small models. Pick one to see its files, or search."))

    def show_suggested(self, repo_id: str, file: str) -> None:
        """Open one suggested model's files with `file` selected, ready for Download."""
        self.search_box.clear()
        self.show_curated()
        self._wanted_file = file
        for row in range(self.results.count()):
            if self.results.item(row).data(Qt.ItemDataRole.UserRole) == repo_id:
                self.results.setCurrentRow(row)
                return

    def search(self) -> None:
        query = self.search_box.text().strip()
        if not query:
            self.show_curated()
            return
        from engine.hub.search import search_models

        self.status.setText(self.tr("Searching…"))
        self.search_button.setEnabled(False)
        token = hub_token()
        run_in_background(self, lambda: search_models(query, token=token), self._on_results, self._on_error)

    def _on_results(self, repos: list[Any]) -> None:
        self.search_button.setEnabled(True)
        self.results.clear()
        for repo in repos:
            gated = self.tr(" · gated: needs your token") if repo.gated else ""
            label = self.tr("{repo}\n{downloads} downloads · {likes} likes{gated}").format(
                repo=repo.repo_id, downloads=f"{repo.downloads:,}", likes=f"{repo.likes:,}", gated=gated
            )
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, repo.repo_id)
            self.results.addItem(item)
        self.status.setText(
            self.tr("{n} models found.").format(n=len(repos)) if repos else self.tr("No GGUF models found.")
        )

    def _on_error(self, exc: Exception) -> None:
        self.search_button.setEnabled(True)
        self.status.setText(error_text(exc))  # engine.hub.errors gives one plain sentence

    # --- a repo's files --------------------------------------------------------------------

    def _on_repo_selected(self, row: int) -> None:
        item = self.results.item(row)
        if item is None:
            return
        repo_id = str(item.data(Qt.ItemDataRole.UserRole))
        from engine.hub.search import list_model_files

        self.files.clear()
        self._repo_files = None
        self.status.setText(self.tr("Reading the files of {repo}…").format(repo=repo_id))
        token = hub_token()
        run_in_background(self, lambda: list_model_files(repo_id, token=token), self._on_files, self._on_error)

    def _on_files(self, repo_files: Any) -> None:
        self._repo_files = repo_files
        self._shapes.clear()
        self.files.clear()
        for group in repo_files.groups:
            quant = group.quant or self.tr("other")  # outside the f-string, where lupdate sees it
            head = QTreeWidgetItem([f"{quant} · {quant_hint_text(group.hint)}"])
            head.setFirstColumnSpanned(True)
            for model in group.files:
                parts = self.tr(" ({n} parts)").format(n=len(model.parts)) if model.is_split else ""
                row = QTreeWidgetItem([model.name + parts, human_size(model.size), "…"])
                row.setData(0, Qt.ItemDataRole.UserRole, model.name)
                head.addChild(row)
            self.files.addTopLevelItem(head)
            head.setExpanded(True)
        self.status.setText(
            self.tr("{repo}: {n} model files.").format(repo=repo_files.repo_id, n=len(repo_files.models))
        )
        wanted = [item for item in self._file_items() if item.data(0, Qt.ItemDataRole.UserRole) == self._wanted_file]
        self._wanted_file = ""
        if wanted:
            self.files.setCurrentItem(wanted[0])
        for model in repo_files.models:
            self._read_shape(repo_files, model)

    def _read_shape(self, repo_files: Any, model: Any) -> None:
        from engine.hub.remote_header import fetch_remote_shape

        token = hub_token()

        def work() -> tuple[str, Any, tuple[int, int | None]]:
            from engine.models.fit import system_memory

            shape = fetch_remote_shape(repo_files.repo_id, model.first_path, revision=repo_files.commit, token=token)
            # Free memory is read here too: asking llama.cpp about GPU memory would import it on the window's thread.
            return model.name, shape, system_memory()

        run_in_background(self, work, self._on_shape, lambda exc: None)  # no estimate is shown as "?"

    def _on_shape(self, result: tuple[str, Any, tuple[int, int | None]]) -> None:
        name, shape, self._free_memory = result
        self._shapes[name] = shape
        self._show_fits()

    def _show_fits(self) -> None:
        from engine.models.fit import estimate_fit

        if self._repo_files is None or self._free_memory is None:
            return
        free_ram, free_vram = self._free_memory
        n_ctx = int(self.context.currentData())
        for item in self._file_items():
            model = self._repo_files.find(item.data(0, Qt.ItemDataRole.UserRole))
            shape = self._shapes.get(model.name) if model is not None else None
            if model is None or shape is None:
                continue
            fit = estimate_fit(model.size, shape, n_ctx, free_ram=free_ram, free_vram=free_vram)
            labels = {"fits": self.tr("fits"), "tight": self.tr("tight"), "too big": self.tr("too big")}
            item.setText(2, f"{labels.get(fit.label, fit.label)} · {human_size(fit.total_bytes)}")
            item.setForeground(2, color(FIT_COLORS.get(fit.label, "text")))
            item.setToolTip(2, fit.describe())

    def _file_items(self) -> list[QTreeWidgetItem]:
        items: list[QTreeWidgetItem] = []
        for i in range(self.files.topLevelItemCount()):
            head = self.files.topLevelItem(i)
            if head is not None:
                items += [child for j in range(head.childCount()) if (child := head.child(j)) is not None]
        return items

    def _selected_model(self) -> Any:
        item = self.files.currentItem()
        name = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return self._repo_files.find(name) if name and self._repo_files is not None else None

    def _update_download_button(self) -> None:
        self.download_button.setEnabled(self._selected_model() is not None)

    def _on_download(self) -> None:
        model = self._selected_model()
        if model is not None:
            self.download_requested.emit(self._repo_files.repo_id, model.paths, self._repo_files.commit)
            self.status.setText(self.tr("{name} is in the download queue.").format(name=model.name))

    def _on_token_clicked(self) -> None:
        from PySide6.QtWidgets import QInputDialog, QLineEdit

        token, ok = QInputDialog.getText(
            self,
            self.tr("Hugging Face access token"),
            self.tr("Paste a read token from huggingface.co/settings/tokens (leave empty to remove it):"),
            QLineEdit.EchoMode.Password,
            hub_token() or "",
        )
        if ok:
            save_settings({HUB_TOKEN_KEY: token.strip()})
            self.status.setText(self.tr("Token saved.") if token.strip() else self.tr("Token removed."))


HUB_TOKEN_KEY = "hf_token"


def hub_token() -> str | None:
    """The user's Hugging Face token (settings.json, in the data folder), or None."""
    token = load_settings().get(HUB_TOKEN_KEY)
    return token if isinstance(token, str) and token else None
