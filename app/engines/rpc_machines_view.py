"""The Engines dialog's second page: machines running llama.cpp's rpc-server that the model on this
computer is split across (engine/remote/rpc_machines.py keeps the list), with the warning about
open networks shown before any is added, and a Check that asks each one whether it is ready."""

from __future__ import annotations

import logging
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.background import run_in_background
from app.error_texts import error_text
from app.theme import color, notifier
from engine.hub.offline_mode import offline_mode
from engine.remote.rpc_machines import (
    DEFAULT_PORT,
    MachineProbe,
    RpcMachineError,
    add_machine,
    list_machines,
    probe,
    remove_machine,
    rpc_backend_found,
)

logger = logging.getLogger(__name__)

ENDPOINT_ROLE = Qt.ItemDataRole.UserRole
STATUS_COLOURS = {"ready": "success_text", "failed": "error_text", "checking": "muted_text"}  # app/theme.py roles


class RpcMachinesView(QWidget):
    changed = Signal()  # a machine was added or removed
    checked = Signal()  # every machine asked by the last Check has answered (or not)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # endpoint -> what the last Check found, as shown, and whether "ready", "failed" or "checking"
        self._statuses: dict[str, tuple[str, str]] = {}
        self._pending: set[str] = set()  # endpoints a Check is still asking
        # Machines Hearth's engine is connected to (address -> layers of the model it put there): rpc-server
        # serves one client at a time, so a Check would wait behind that connection.
        self._in_use: dict[str, int] = {}
        title = QLabel(self.tr("Split the model on this computer across machines (llama.cpp RPC)"))
        title.setObjectName("settingsHeading")
        title.setWordWrap(True)
        intro = QLabel(
            self.tr(
                "Other computers running llama.cpp's rpc-server can lend the model loaded here their memory "
                "and processors: its layers are shared out between them. Every word written crosses the "
                "network, so it is slower than one machine that holds the whole model."
            )
        )
        intro.setObjectName("settingsHint")
        intro.setWordWrap(True)
        # The sentence of engine/remote/rpc_machines.OPEN_NETWORK_WARNING, written out for the translators.
        self.warning = QLabel(
            self.tr(
                "Machines running rpc-server take part in every answer: the model's weights and each token's "
                "activations travel to them unencrypted, and rpc-server asks nobody for a password, so anyone who "
                "can reach its port can use it, read what it holds and run work on it. Add only machines on a "
                "network you trust (your own LAN, a VPN), never one on the Internet or on shared Wi-Fi, and start "
                "rpc-server there bound to that network's address, not 0.0.0.0."
            )
        )
        self.warning.setObjectName("rpcWarning")
        self.warning.setWordWrap(True)
        self.warning.setTextFormat(Qt.TextFormat.PlainText)
        how = QLabel(
            self.tr(
                "On each machine, start llama.cpp's rpc-server (built with -DGGML_RPC=ON) on that network's "
                "address, then add the address here:"
            )
            + f"\nrpc-server -H 192.168.1.21 -p {DEFAULT_PORT}"
        )
        how.setObjectName("settingsHint")
        how.setWordWrap(True)
        how.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # What keeps the machines unused on this computer, if anything: llama.cpp without RPC, offline mode.
        self.blocked = QLabel()
        self.blocked.setObjectName("errorMessage")
        self.blocked.setWordWrap(True)
        self.blocked.setTextFormat(Qt.TextFormat.PlainText)
        self.show_blocked()

        self.machines = QListWidget()
        self.machines.setAccessibleName(self.tr("Machines"))
        self.machines.setObjectName("rpcMachineList")
        self.machines.setWordWrap(True)
        # A status sentence wraps to the list's width instead of running off to the right.
        self.machines.setResizeMode(QListView.ResizeMode.Adjust)
        self.machines.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.machines.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.empty = QLabel(self.tr("No machines: the model runs on this computer alone."))
        self.empty.setObjectName("settingsNote")
        self.address = QLineEdit()
        self.address.setAccessibleName(self.tr("Machine address"))
        self.address.setPlaceholderText(self.tr("192.168.1.21 or 192.168.1.21:{port}").format(port=DEFAULT_PORT))
        self.address.setToolTip(self.tr("The port is {port} unless you give another.").format(port=DEFAULT_PORT))
        self.add_button = QPushButton(self.tr("Add machine"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.check_button = QPushButton(self.tr("Check"))
        self.check_button.setToolTip(self.tr("Ask each machine whether its rpc-server answers and can be used."))
        self.error = QLabel()
        self.error.setObjectName("errorMessage")
        self.error.setWordWrap(True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.hide()
        applies = QLabel(self.tr("Changes here apply when the model is next loaded."))
        applies.setObjectName("settingsNote")
        applies.setWordWrap(True)

        add_row = QHBoxLayout()
        add_row.addWidget(self.address, 1)
        add_row.addWidget(self.add_button)
        list_buttons = QHBoxLayout()
        list_buttons.addWidget(self.check_button)
        list_buttons.addWidget(self.remove_button)
        list_buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(8)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addWidget(self.warning)
        layout.addWidget(how)
        layout.addWidget(self.blocked)
        layout.addLayout(add_row)
        layout.addWidget(self.error)
        layout.addWidget(self.machines, 1)
        layout.addWidget(self.empty)
        layout.addLayout(list_buttons)
        layout.addWidget(applies)
        # The warning reads as one box, each machine's line a row of its own: resources/styles/hearth.qss.

        self.add_button.clicked.connect(self.add_typed_machine)
        self.address.returnPressed.connect(self.add_typed_machine)
        self.remove_button.clicked.connect(self.remove_selected)
        self.check_button.clicked.connect(self.check_machines)
        self.machines.itemSelectionChanged.connect(self._enable_buttons)
        self.show_machines()
        notifier().theme_changed.connect(self._on_theme_changed)

    def _on_theme_changed(self, _theme: str) -> None:
        for row in range(self.machines.count()):
            self._show_status(self.machines.item(row))

    def show_blocked(self) -> None:
        if offline_mode():
            text = self.tr("Offline mode is on, so the model stays on this computer alone; turn it off under Privacy.")
        elif not rpc_backend_found():
            text = error_text(RpcMachineError("rpc.unsupported"))
        else:
            text = ""
        self.blocked.setText(text)
        self.blocked.setVisible(bool(text))

    def show_machines(self, select: str = "") -> None:
        self.machines.clear()
        for endpoint in list_machines():
            item = QListWidgetItem()
            item.setData(ENDPOINT_ROLE, endpoint)
            self.machines.addItem(item)
            self._show_status(item)
            if endpoint == select:
                self.machines.setCurrentItem(item)
        self.empty.setVisible(self.machines.count() == 0)
        self._enable_buttons()

    def endpoints(self) -> list[str]:
        return [str(self.machines.item(i).data(ENDPOINT_ROLE)) for i in range(self.machines.count())]

    def status_of(self, endpoint: str) -> str:
        return self._statuses.get(endpoint, ("", ""))[0]

    def _show_status(self, item: QListWidgetItem) -> None:
        endpoint = str(item.data(ENDPOINT_ROLE))
        text, state = self._statuses.get(endpoint, ("", ""))
        item.setText(f"{endpoint}\n{text}" if text else endpoint)
        if state:
            item.setForeground(color(STATUS_COLOURS[state]))

    def _enable_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.machines.selectedItems()))
        self.check_button.setEnabled(self.machines.count() > 0 and not self._pending)

    # --- add, remove -------------------------------------------------------------------

    def add_typed_machine(self) -> None:
        """Add the address typed; a bad one is said in one sentence and stays in the field to mend."""
        try:
            endpoint = add_machine(self.address.text())
        except RpcMachineError as exc:
            self.error.setText(error_text(exc))
            self.error.show()
            return
        self.error.hide()
        self.address.clear()
        self._statuses.pop(endpoint, None)
        logger.info("rpc machine %s added", endpoint)
        self.show_machines(select=endpoint)
        self.changed.emit()

    def remove_selected(self) -> None:
        items = self.machines.selectedItems()
        if not items:
            return
        endpoint = str(items[0].data(ENDPOINT_ROLE))
        try:
            remove_machine(endpoint)
        except RpcMachineError as exc:  # removed meanwhile, e.g. with `hearth engines rpc rm`
            self.error.setText(error_text(exc))
            self.error.show()
        else:
            self.error.hide()
            logger.info("rpc machine %s removed", endpoint)
        self._statuses.pop(endpoint, None)
        self.show_machines()
        self.changed.emit()

    # --- check -------------------------------------------------------------------------

    def set_in_use(self, machines: dict[str, int]) -> None:
        self._in_use = dict(machines)

    def check_machines(self) -> None:
        """Ask every machine at once, off the window's thread; each line says what its machine answered."""
        endpoints = self.endpoints()
        if not endpoints or self._pending:
            return
        for endpoint in [e for e in endpoints if e in self._in_use]:
            text = self.tr("Connected to Hearth's engine, which put {n} layers of the model on it.")
            self._statuses[endpoint] = (text.format(n=self._in_use[endpoint]), "ready")
        endpoints = [e for e in endpoints if e not in self._in_use]
        if not endpoints:
            self._refresh_statuses()
            self.checked.emit()
            return
        self._pending = set(endpoints)
        for endpoint in endpoints:
            self._statuses[endpoint] = (self.tr("Checking…"), "checking")
            run_in_background(self, partial(probe, endpoint), self._on_probed, partial(self._on_probe_failed, endpoint))
        self._refresh_statuses()
        self._enable_buttons()

    def _on_probed(self, result: MachineProbe) -> None:
        if result.ready:
            text = self.tr("Ready (rpc-server protocol {version}).").format(version=result.detail)
            self._finish_probe(result.endpoint, text, "ready")
        else:
            self._finish_probe(result.endpoint, error_text(result.error()), "failed")

    def _on_probe_failed(self, endpoint: str, exc: Exception) -> None:
        self._finish_probe(endpoint, error_text(exc), "failed")

    def _finish_probe(self, endpoint: str, text: str, state: str) -> None:
        self._statuses[endpoint] = (text, state)
        self._pending.discard(endpoint)
        self._refresh_statuses()
        self._enable_buttons()
        if not self._pending:
            self.checked.emit()

    def _refresh_statuses(self) -> None:
        for i in range(self.machines.count()):
            self._show_status(self.machines.item(i))
