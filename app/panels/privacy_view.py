"""Privacy: where your data lives (open it, or delete it all), Offline mode, and the remote engines
you added, with what each can see (Manage engines… opens the Engines dialog, app/engines/)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import QCheckBox, QLabel, QMessageBox, QPushButton, QVBoxLayout, QWidget

from app.engines.trust_texts import what_it_sees
from app.external import open_url
from engine.hub.offline_mode import offline_mode, set_offline_mode
from engine.paths import data_dir
from engine.remote.engines import list_engines
from engine.remote.rpc_machines import list_machines


class PrivacyView(QWidget):
    delete_all_confirmed = Signal()
    manage_engines_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("privacyView")
        heading = QLabel(self.tr("Your data stays on this computer"))
        heading.setObjectName("settingsHeading")
        intro = QLabel(
            self.tr(
                "Hearth sends nothing anywhere: no telemetry, no update checks. It contacts the Hugging Face "
                "Hub only when you search for or download a model, and a remote engine only if you added it and "
                "picked one of its models."
            )
        )
        intro.setWordWrap(True)
        intro.setObjectName("settingsHint")
        self.offline = QCheckBox(self.tr("Offline mode: never contact the Hub or a remote engine"))
        self.offline.setChecked(offline_mode())
        self.offline.setToolTip(
            self.tr("With this on, searching and downloading models are off too, and remote engines are not asked.")
        )
        engines_title = QLabel(self.tr("Remote engines"))
        engines_title.setObjectName("settingsHeading")
        self.engines = QLabel()
        self.engines.setObjectName("remoteEngines")
        self.engines.setWordWrap(True)
        self.engines.setTextFormat(Qt.TextFormat.PlainText)
        self.manage_engines_button = QPushButton(self.tr("Manage engines…"))
        self.manage_engines_button.setObjectName("manageEnginesButton")
        self.manage_engines_button.setToolTip(
            self.tr("Add or remove remote engines, and the machines the model here is split across.")
        )
        self.show_engines()
        folder_title = QLabel(self.tr("Data folder"))
        folder_title.setObjectName("settingsHeading")
        self.folder = QLabel(str(data_dir()))
        self.folder.setTextFormat(Qt.TextFormat.PlainText)
        self.folder.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.folder.setWordWrap(True)
        self.folder.setToolTip(self.tr("Your conversations, downloaded models and settings are kept here."))
        self.open_button = QPushButton(self.tr("Open folder"))
        self.delete_button = QPushButton(self.tr("Delete all my data…"))
        self.delete_button.setObjectName("deleteAllButton")
        self.delete_button.setToolTip(
            self.tr("Delete every conversation, the caches, downloaded and imported models, and your settings.")
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.addWidget(heading)
        layout.addWidget(intro)
        layout.addWidget(self.offline)
        layout.addSpacing(10)
        layout.addWidget(engines_title)
        layout.addWidget(self.engines)
        layout.addWidget(self.manage_engines_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addSpacing(10)
        layout.addWidget(folder_title)
        layout.addWidget(self.folder)
        layout.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.delete_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        self.offline.toggled.connect(set_offline_mode)
        self.manage_engines_button.clicked.connect(self.manage_engines_requested)
        self.open_button.clicked.connect(self._on_open_folder)
        self.delete_button.clicked.connect(self._on_delete_clicked)

    def show_engines(self) -> None:
        """Each remote engine the user added, where it is, and what it can see; and the machines the
        model here is split across, which see even more."""
        engines = list_engines()
        lines = []
        if not engines:
            lines.append(
                self.tr(
                    "None: every answer is written on this computer. A server you add (Manage engines…, or "
                    "hearth engines add) is used only for the models of it you pick."
                )
            )
        else:
            for engine in engines:
                lines.append(f"• {engine.name} · {engine.host}: {what_it_sees(engine.trust)}")
            lines.append(self.tr("Only conversations with one of their models go there; everything else stays here."))
        machines = list_machines()
        if machines:
            lines.append("")
            lines.append(
                self.tr(
                    "The model here is split across {machines}: they get its weights and every word of your "
                    "conversations, unencrypted. Offline mode keeps it on this computer alone."
                ).format(machines=self.tr(", ").join(machines))  # 、 in Chinese
            )
        self.engines.setText("\n".join(lines))

    def _on_open_folder(self) -> None:
        open_url(QUrl.fromLocalFile(str(data_dir())))

    def _on_delete_clicked(self) -> None:
        answer = QMessageBox.question(
            self,
            self.tr("Delete all my data"),
            self.tr(
                "Delete every conversation, the caches, the models you downloaded or imported, and your settings? "
                "This cannot be undone. Models of other apps are not touched."
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete_all_confirmed.emit()
